import { isApiError, type ApiError } from '@vitrine/client'

/** The `ApiError` a call rejects with; fails the test if it resolves or throws anything else. */
export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise
  } catch (error) {
    if (isApiError(error)) return error
    throw error
  }
  throw new Error('expected the call to fail')
}
