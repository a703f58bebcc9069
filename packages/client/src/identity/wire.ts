import type { Endpoint, ResponseCodecs } from '../http/endpoint.js'

/**
 * IDENT_RESP of the wire contract (§5.2): what identity responses decode. A plain literal, so an
 * operation that is not imported costs nothing.
 */
export const IDENT_RESP: ResponseCodecs = {
  date: [
    'identity.createdDate',
    'identity.updatedDate',
    'identity.identityProfile.customFields.value.dateValue',
    'additionalData.*.dateValue',
  ],
  float: ['identity.identityProfile.customFields.value.numValue', 'additionalData.*.numValue'],
}

/** `POST /_api/iam/<path>`: every identity call but logout. */
export const iam = (path: string, response?: ResponseCodecs): Endpoint => ({
  method: 'POST',
  path: '/_api/iam/' + path,
  response,
})
