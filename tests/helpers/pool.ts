/** Runs `task` `count` times with at most `concurrency` in flight at once; results keep their order. */
export async function inPool<T>(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results = new Array<T>(count)
  let next = 0
  const worker = async () => {
    while (next < count) {
      const index = next++
      results[index] = await task(index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker))
  return results
}
