/**
 * Returns `value` with `convert` applied at `path` (dotted; arrays traversed; `*` = every key).
 * Containers along the path are copied, so the caller's objects are never changed.
 */
export function mapAt(
  value: unknown,
  path: readonly string[],
  convert: (leaf: unknown) => unknown,
  index = 0,
): unknown {
  if (Array.isArray(value)) return value.map((item) => mapAt(item, path, convert, index))
  if (index === path.length) return value == null ? value : convert(value)
  if (value === null || typeof value !== 'object' || value instanceof Date) return value
  const key = path[index]!
  const copy: Record<string, unknown> = { ...value }
  for (const k of key === '*' ? Object.keys(copy) : [key]) {
    if (copy[k] !== undefined) copy[k] = mapAt(copy[k], path, convert, index + 1)
  }
  return copy
}

/** Applies `convert` at every path of `paths`. */
export function mapAll(
  value: unknown,
  paths: readonly string[] | undefined,
  convert: (leaf: unknown) => unknown,
): unknown {
  for (const path of paths ?? []) value = mapAt(value, path.split('.'), convert)
  return value
}

/** Reads a dotted path: `get({a: {b: 1}}, 'a.b') === 1`. */
export function get(value: unknown, path: string): unknown {
  for (const key of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[key]
  return value
}
