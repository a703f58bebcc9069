// The platform's own product GET, the baseline the storefront's benches measure pages against.

/**
 * The URL of `slug`'s product GET on the platform at `platformUrl`, and the headers to send with
 * it: a new anonymous visitor's token.
 */
export async function productGet(platformUrl, slug) {
  const { access_token: token } = await (
    await fetch(`${platformUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'demo-storefront', grantType: 'anonymous' }),
    })
  ).json()
  const query = Buffer.from(JSON.stringify({ query: { filter: { slug } } })).toString('base64url')
  const found = await (
    await fetch(`${platformUrl}/stores-reader/v1/products/query-platformized?.r=${query}`, {
      headers: { Authorization: token },
    })
  ).json()
  return {
    url: `${platformUrl}/stores-reader/v1/products/${found.products[0].id}`,
    headers: { Authorization: token },
  }
}
