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

/** The official client's names inside an address (a key ending in `address` or `Address`). */
const ADDRESS_RENAMED: Record<string, string> = {
  location: 'geocode',
  formatted: 'formattedAddress',
}

const isAddressKey = (key: string) => key === 'address' || key.endsWith('Address')

function refuse(path: string, official: string, wire: string): never {
  throw new TypeError(
    `\`${path}\`: \`${official}\` is the official client's name; this client sends the wire's names, use \`${wire}\`.`,
  )
}

/**
 * Throws a `TypeError` naming the field when a request payload uses one of the official client's
 * names (`_id`, `_createdDate`, `_updatedDate`, `addressLine1`; `location` and `formatted` in an
 * address), as a key or as a sort's `fieldName`. Nothing is sent then.
 */
export function assertWireNames(value: unknown, path = '', address = false): void {
  if (value === null || typeof value !== 'object') return
  if (Array.isArray(value)) {
    value.forEach((item, index) => assertWireNames(item, `${path}[${index}]`))
    return
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key
    const wire = RENAMED[key] ?? (address ? ADDRESS_RENAMED[key] : undefined)
    if (wire) refuse(at, key, wire)
    if (key === 'fieldName' && typeof item === 'string' && RENAMED[item])
      refuse(at, item, RENAMED[item])
    assertWireNames(item, at, isAddressKey(key))
  }
}
