import { Link } from 'react-router';
import { avatarInitial } from '../../../shared/rules/avatar.ts';
import { fullName } from '../../../shared/rules/format.ts';

/** Avatar (or initial), full name (last name first) and email; the name links when `to` is given. */
export function PersonCell({
  person,
  to,
}: {
  person: { firstName: string; lastName: string; email: string; avatarUrl: string | null };
  to?: string;
}) {
  const name = fullName(person) || person.email;
  return (
    <div className="people-person">
      <span className="people-person__avatar" aria-hidden="true">
        {person.avatarUrl ? <img src={person.avatarUrl} alt="" /> : avatarInitial(person)}
      </span>
      <span className="people-person__text">
        {to ? <Link to={to}>{name}</Link> : <strong>{name}</strong>}
        <small>{person.email}</small>
      </span>
    </div>
  );
}
