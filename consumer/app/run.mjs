// Runs a bundle of the consumer app in Node or Deno: `run.mjs <absolute path of the bundle's entry>
// <platform URL>`. Prints the app's outcome as JSON.
const [bundle, baseUrl] = globalThis.Deno?.args ?? process.argv.slice(2)
globalThis.consumerBaseUrl = baseUrl
await import(new URL(bundle, 'file:///').href)
console.log(JSON.stringify(await globalThis.consumerResult))
