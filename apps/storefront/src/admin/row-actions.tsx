import { Link } from 'react-router'

/** The last cell of a list row: edit (a link to its page) and delete (asks first). */
export function RowActions({
  to,
  name,
  onDelete,
}: {
  to: string
  name: string | undefined
  onDelete: () => void
}) {
  return (
    <td className="adm-table__actions adm-col-wide">
      <Link
        to={to}
        className="adm-button adm-button--small adm-button--ghost"
        aria-label={`Edit ${name}`}
      >
        Edit
      </Link>
      <button
        type="button"
        className="adm-button adm-button--small adm-button--ghost adm-button--danger-text"
        aria-label={`Delete ${name}`}
        onClick={onDelete}
      >
        Delete
      </button>
    </td>
  )
}
