import { dates, floats } from '../codec/convert.js'
import type { Codec, Endpoint } from '../http/endpoint.js'

/**
 * IDENT_RESP of the wire contract (§5.2): what identity responses decode. A plain literal, so an
 * operation that is not imported costs nothing.
 */
export const IDENT_RESP: Codec[] = [
  dates([
    'identity.createdDate',
    'identity.updatedDate',
    'identity.identityProfile.customFields.value.dateValue',
    'additionalData.*.dateValue',
  ]),
  floats(['identity.identityProfile.customFields.value.numValue', 'additionalData.*.numValue']),
]

/** `POST /_api/iam/<path>`: every identity call but logout. */
export const iam = (path: string, response?: Codec[]): Endpoint => ({
  method: 'POST',
  path: '/_api/iam/' + path,
  response,
})
