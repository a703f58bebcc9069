/**
 * Field names of the official client that the wire names otherwise (wire-contract §0.4, §0.5).
 * This client sends the wire's names as they are, so such a key would reach the server as an
 * unknown field and be dropped without a word: the pipeline refuses it instead.
 */
const RENAMED: Record<string, string> = {
  _id: 'id',
  _createdDate: 'createdDate',
  _updatedDate: 'updatedDate',
  addressLine1: 'addressLine',
}

/** In an address (the value of a key ending in `address` or `Address`), two more. */
const IN_ADDRESS: Record<string, string> = {
  ...RENAMED,
  location: 'geocode',
  formatted: 'formattedAddress',
}

/**
 * Throws a `TypeError` naming the field when a request payload uses one of the official client's
 * names (`_id`, `_createdDate`, `_updatedDate`, `addressLine1`; `location` and `formatted` in an
 * address), as a key or as a sort's `fieldName`, or as a segment of either when it is dotted
 * (`businessLocation._id`). Nothing is sent then.
 */
export function assertWireNames(value: unknown, path = '', names = RENAMED): void {
  if (value === null || typeof value !== 'object') return
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key
    // A key and a sort's field are read segment by segment: filter keys may be dotted.
    const official = `${key}.${key === 'fieldName' ? item : ''}`
      .split('.')
      .find((segment) => Object.hasOwn(names, segment))
    if (official)
      throw new TypeError(
        `\`${at}\`: \`${official}\` is the official client's name; this client sends the wire's names, use \`${IN_ADDRESS[official]}\`.`,
      )
    assertWireNames(item, at, /address$/i.test(key) ? IN_ADDRESS : RENAMED)
  }
}
