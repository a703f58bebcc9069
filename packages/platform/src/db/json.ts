/**
 * The text of a JSON column, parsed; `fallback` for NULL or an empty text. Text that is not JSON
 * throws: the platform wrote every JSON column itself, so bad JSON there is a bug to see, not a
 * value to hide (one rule for every JSON column, whether read here or with `JSON.parse`).
 */
export function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null || text === '') return fallback
  return (JSON.parse(text) as T) ?? fallback
}
