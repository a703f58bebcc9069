import { config } from '../server/config.server'

/** `/robots.txt`: every shop page but the personal ones and the console; where the sitemap is. */
export const loader = () =>
  new Response(
    [
      'User-agent: *',
      'Disallow: /admin',
      'Disallow: /account',
      'Disallow: /auth/',
      'Disallow: /cart',
      'Disallow: /checkout',
      'Disallow: /thank-you',
      '',
      `Sitemap: ${config.shopUrl}/sitemap.xml`,
      '',
    ].join('\n'),
    {
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'public, max-age=3600',
      },
    },
  )
