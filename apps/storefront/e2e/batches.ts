/** Runs `task(0)` … `task(count - 1)`, `width` at a time: their results, in order. */
export async function inBatches<T>(
  count: number,
  width: number,
  task: (i: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = []
  let next = 0
  const worker = async () => {
    while (next < count) {
      const i = next++
      results[i] = await task(i)
    }
  }
  await Promise.all(Array.from({ length: width }, worker))
  return results
}
