/** Runs the command-line tools (server/cli/*) as child processes, the way an operator does. */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { ROOT_DIR } from '#server/lib/paths.ts'

export interface ToolResult {
  code: number
  stdout: string
  stderr: string
}

/** Runs `node <args>` from the project root with only `env`; resolves with the exit code and output. */
export async function runNode(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<ToolResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, args, {
      cwd: ROOT_DIR,
      env,
      timeout: timeoutMs,
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string }
    return { code: failure.code ?? 1, stdout: failure.stdout ?? '', stderr: failure.stderr ?? '' }
  }
}

/** Runs a tool from source exactly as `npm run <tool>` does. */
export const runTool = (tool: string, args: string[], env: Record<string, string>) =>
  runNode(['--import', 'tsx', `server/cli/${tool}.ts`, ...args], env)
