/** True for a JSON object (not null, not an array): what a parsed body must be before it is read. */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
