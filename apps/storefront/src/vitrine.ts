import { createVitrineClient } from '@vitrine/react'
import { config } from './config'

/** The shop's one client of the platform: visitor and member tokens in browser storage. */
export const vitrine = createVitrineClient({ clientId: config.clientId, baseUrl: config.baseUrl })
