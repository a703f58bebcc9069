/** The text of a JSON column, parsed; `fallback` for NULL, an empty text or text that is not JSON. */
export function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null || text === '') return fallback
  try {
    return (JSON.parse(text) as T) ?? fallback
  } catch {
    return fallback
  }
}
