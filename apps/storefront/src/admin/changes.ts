/**
 * The fields of `after` whose value differs from `before`: an update sends only those, so that
 * it changes (and reports) only what the merchant changed.
 */
export function changedFields<T extends object>(before: Partial<T>, after: Partial<T>): Partial<T> {
  return Object.fromEntries(
    Object.entries(after).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key as keyof T]),
    ),
  ) as Partial<T>
}
