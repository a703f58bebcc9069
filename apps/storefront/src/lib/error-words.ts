/** `describeError` behind a dynamic import: its message table is not part of the first page. */
export { describeError } from '@vitrine/react'
