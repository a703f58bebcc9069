import { useState } from 'react'
import { NoPicture } from '../components/no-picture'
import type { Picture } from '../lib/media'

/**
 * The product's pictures: a large one and a row of thumbnails that switch it. The first picture
 * loads at once (it is the page's largest paint).
 */
export function Gallery({ pictures, name }: { pictures: Picture[]; name: string }) {
  const [active, setActive] = useState(0)
  const current = pictures[Math.min(active, pictures.length - 1)]
  return (
    <div className="gallery">
      <div className="gallery__main">
        {current ? (
          <img
            src={current.url}
            alt={current.alt || name}
            width={current.width}
            height={current.height}
            fetchPriority="high"
          />
        ) : (
          <NoPicture label={`No picture of ${name} yet`} />
        )}
      </div>
      {pictures.length > 1 && (
        <ul className="gallery__thumbs" aria-label={`Pictures of ${name}`}>
          {pictures.map((picture, index) => (
            <li key={picture.id}>
              <button
                type="button"
                className="gallery__thumb"
                aria-current={picture === current}
                aria-label={`Show picture ${index + 1} of ${pictures.length}: ${picture.alt}`}
                onClick={() => setActive(index)}
              >
                <img src={picture.url} alt="" width={80} height={80} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
