import { PictureIcon } from './icons'

/**
 * Where a product's picture goes when it has none: a quiet frame with an icon and a word, filling
 * the picture's box. Decorative next to the product's name; with `label`, an image of its own.
 */
export function NoPicture({ label }: { label?: string }) {
  return (
    <div
      className="no-picture"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <PictureIcon />
      <span className="no-picture__text">No picture yet</span>
    </div>
  )
}
