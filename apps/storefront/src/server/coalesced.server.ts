import { Transform } from 'node:stream'

/**
 * A stream that passes on what is written to it in one burst (React writes a page in pieces of
 * 2 KB, synchronously) as one chunk, at the end of the burst (`setImmediate`): each piece would
 * otherwise cross the web stream, the response and the compressor on its own — on the product
 * page about a fifth of the shop's CPU with compression. Later bursts (a boundary that resolved)
 * follow as chunks of their own. `ended` runs when everything was written.
 */
export function coalesced(ended: () => void): Transform {
  let pieces: Uint8Array[] = []
  let scheduled = false
  const stream: Transform = new Transform({
    transform(chunk: Uint8Array, _encoding, callback) {
      pieces.push(chunk)
      if (!scheduled) {
        scheduled = true
        setImmediate(() => {
          scheduled = false
          if (pieces.length) stream.push(Buffer.concat(pieces))
          pieces = []
        })
      }
      callback()
    },
    flush(callback) {
      ended()
      callback(null, pieces.length ? Buffer.concat(pieces) : undefined)
      pieces = []
    },
  })
  return stream
}
