import { describe, expect, it } from 'vitest'
import { html, raw, type Slot } from './html.js'

const text = (markup: unknown) => String(markup)

describe('html', () => {
  it('escapes text and quoted attribute values', () => {
    const hostile = `<script>alert("x")</script> & 'quotes'`
    expect(text(html`<p title="${hostile}" data-x='${hostile}'>${hostile}</p>`)).toBe(
      `<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;" ` +
        `data-x='&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;'>` +
        `&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;</p>`,
    )
    expect(text(html`<textarea>${'</textarea><img src=x onerror=alert(1)>'}</textarea>`)).toBe(
      '<textarea>&lt;/textarea&gt;&lt;img src=x onerror=alert(1)&gt;</textarea>',
    )
  })

  it('inserts markup made by html or raw as is, joins lists, and skips false, null and undefined', () => {
    const items: Slot = ['a<', html`<b>${'b<'}</b>`, [raw('<i>c</i>'), 2]]
    expect(text(html`<li>${items}</li>${false}${null}${undefined}${0}`)).toBe(
      '<li>a&lt;<b>b&lt;</b><i>c</i>2</li>0',
    )
    const [yes, no, none] = [true, false, '']
    expect(text(html`<input${yes && html` autofocus`}${no && html` hidden`}${none}>`)).toBe(
      '<input autofocus>',
    )
  })

  it('replaces a URL that could run script in href, src and action, wherever its case or spaces', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JaVa\tScRiPt:alert(1)',
      'data:text/html,<b>',
      'vbscript:x',
    ])
      expect(
        text(
          html`<a href="${url}"><img src="${url}"></a><form action="${url}"><button formaction="${url}">`,
        ),
      ).toBe(
        '<a href="about:invalid"><img src="about:invalid"></a><form action="about:invalid">' +
          '<button formaction="about:invalid">',
      )
    for (const url of [
      'https://shop.example/a?b=1&c=2',
      'http://x/',
      '/cart',
      '#register',
      'mailto:a@b.c',
    ])
      expect(text(html`<a href="${url}">x</a>`)).toBe(
        `<a href="${url.replace('&', '&amp;')}">x</a>`,
      )
    // Not a URL attribute: text, escaped.
    expect(text(html`<p title="${'javascript:x'}"></p>`)).toBe('<p title="javascript:x"></p>')
  })

  it('refuses text where no escaping makes it safe: inside a tag, unquoted, in a script or style', () => {
    const hostile = 'onfocus=alert(1) autofocus'
    expect(() => html`<input ${hostile}>`).toThrow(TypeError)
    expect(() => html`<input value=${hostile}>`).toThrow(TypeError)
    expect(() => html`<script>var a = ${hostile}</script>`).toThrow(TypeError)
    expect(() => html`<style>${'body{}'}</style>`).toThrow(TypeError)
    expect(() => html`<p title="${html`<b>`}"></p>`).toThrow(TypeError)
    expect(() => html`<b onclick="f(${'x'})" style="color:${'red'}">`).toThrow(TypeError)
    expect(() => html`<b ONMOUSEOVER='${raw('f()')}'>`).toThrow(TypeError)
    expect(() => html`<a href="${'javascript'}${':alert(1)'}">`).toThrow(TypeError)
    // After the script or style, text is text again.
    expect(text(html`<style>${raw('p{}')}</style><p>${'<'}</p>`)).toBe(
      '<style>p{}</style><p>&lt;</p>',
    )
    expect(text(html`<script>${raw('1<2')}</script>${'<'}`)).toBe('<script>1<2</script>&lt;')
  })

  it('reads the context across the template, quotes with > inside included', () => {
    expect(text(html`<a title="a > b" href="${'javascript:x'}">${'<'}</a>`)).toBe(
      '<a title="a > b" href="about:invalid">&lt;</a>',
    )
    expect(text(html`<!doctype html><p class="${'"'}">${'<'}</p>`)).toBe(
      '<!doctype html><p class="&quot;">&lt;</p>',
    )
    expect(text(html`<p>1 < 2 and ${'<'}</p>`)).toBe('<p>1 < 2 and &lt;</p>')
  })
})
