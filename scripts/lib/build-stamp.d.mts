/** The build's source stamp (build-stamp.mjs). */
export declare function sourceStamp(root?: string): Promise<string>
/** True when build/ was made from the sources as they are now. */
export declare function isBuildCurrent(root?: string): Promise<boolean>
export declare function writeBuildStamp(root?: string): Promise<void>
