import type { GroupUser } from '@esign/contract';
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';

interface GroupMemberListProps {
  members: GroupUser[];
  onRemove: (member: GroupUser) => void;
}

/** The group's users, each with a button that takes them out of the draft. */
export function GroupMemberList({ members, onRemove }: GroupMemberListProps) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <>
      <p id={labelId} className="fw-semibold mb-1">
        {t('groups.users')}
      </p>
      {members.length === 0 ? (
        <p className="text-body-secondary">{t('groups.noMembers')}</p>
      ) : (
        <ul aria-labelledby={labelId} className="list-group mb-3">
          {members.map((member) => (
            <li
              key={member.UserId}
              className="list-group-item d-flex align-items-center justify-content-between gap-2"
            >
              <span className="text-break">
                <span className="fw-semibold">{member.DisplayName}</span>{' '}
                <span className="group-member__details">
                  {[member.Email, member.Title, member.Organisation].filter(Boolean).join(' · ')}
                </span>
              </span>
              <Button
                variant="outline-secondary"
                size="sm"
                // Its words stay on one line however long the member's details are.
                className="text-nowrap flex-shrink-0"
                aria-label={t('groups.removeMember', { name: member.DisplayName })}
                onClick={() => onRemove(member)}
              >
                {t('groups.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
