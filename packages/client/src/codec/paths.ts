/**
 * Returns `value` with `convert` applied at `path` (dotted; arrays along the way traversed, the
 * leaf given whole; `*` = every key). With `copy`, containers along the path are copied so the
 * caller's objects never change (requests); without, the value is converted in place (responses,
 * which the pipeline has just parsed and owns).
 */
export function mapAt(
  value: unknown,
  path: readonly string[],
  convert: (leaf: unknown) => unknown,
  copy: boolean,
  index = 0,
): unknown {
  if (index === path.length) return value == null ? value : convert(value)
  if (Array.isArray(value)) {
    const out = copy ? [...value] : value
    for (let i = 0; i < out.length; i++) out[i] = mapAt(out[i], path, convert, copy, index)
    return out
  }
  if (value === null || typeof value !== 'object' || value instanceof Date) return value
  const key = path[index]!
  const out: Record<string, unknown> = copy ? { ...value } : (value as Record<string, unknown>)
  if (key !== '*') {
    if (out[key] !== undefined) out[key] = mapAt(out[key], path, convert, copy, index + 1)
  } else for (const k of Object.keys(out)) out[k] = mapAt(out[k], path, convert, copy, index + 1)
  return out
}

/** Applies `convert` at every path of `paths`. */
export function mapAll(
  value: unknown,
  paths: readonly string[] | undefined,
  convert: (leaf: unknown) => unknown,
  copy: boolean,
): unknown {
  for (const path of paths ?? []) value = mapAt(value, path.split('.'), convert, copy)
  return value
}

/** Reads a dotted path: `get({a: {b: 1}}, 'a.b') === 1`. */
export function get(value: unknown, path: string): unknown {
  for (const key of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[key]
  return value
}
