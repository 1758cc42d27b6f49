import type { ClientUser, OrganizationWithGroups } from '@bloom/contracts';
import { Button } from '../../../components/ui/Button';
import { CLIENT_MANAGEMENT_TEXT as T } from '../content';
import { zoneId } from '../logic/zones';
import styles from '../ClientManagement.module.css';
import type { CardFocus, ZoneOption } from './ClientCard';
import { DropZone } from './DropZone';
import { NameAdder } from './NameAdder';

interface Props {
  organization: OrganizationWithGroups;
  zones: readonly ZoneOption[];
  problems: Readonly<Record<string, string>>;
  focus: CardFocus | null;
  onFocused: () => void;
  onMove: (userId: string, to: string, focus: CardFocus['control']) => void;
  onPreGrant: (userId: string, granted: boolean) => void;
  onRemove: (user: ClientUser) => void;
  onDeleteOrganization: (organization: OrganizationWithGroups) => void;
  onDeleteGroup: (group: OrganizationWithGroups['groups'][number]) => void;
  onAddGroup: (organizationGuid: string, name: string) => Promise<string | null>;
}

/** An organization: "Delete Org", its groups as drop zones ("No Group" cannot be deleted) and "Add Group". */
export function OrganizationCard({ organization, onDeleteOrganization, onDeleteGroup, onAddGroup, ...handlers }: Props) {
  return (
    <article className={styles.organization} aria-label={organization.organizationName}>
      <header className={styles.organizationHeader}>
        <h2 className={styles.organizationName}>{organization.organizationName}</h2>
        <Button variant="secondary" size="small" className={styles.danger} onClick={() => onDeleteOrganization(organization)} aria-label={`${T.deleteOrganization}: ${organization.organizationName}`}>
          {T.deleteOrganization}
        </Button>
      </header>
      <div className={styles.groups}>
        {organization.groups.map((group) => (
          <DropZone
            key={group.groupGuid}
            zone={zoneId(organization.organizationGuid, group.groupGuid)}
            title={<h3 className={styles.zoneTitle}>{group.groupName}</h3>}
            actions={
              group.isDefault ? undefined : (
                <Button variant="quiet" size="small" className={styles.danger} onClick={() => onDeleteGroup(group)} aria-label={`${T.deleteGroup}: ${group.groupName}`}>
                  {T.deleteGroup}
                </Button>
              )
            }
            users={group.users}
            {...handlers}
          />
        ))}
      </div>
      <NameAdder
        placeholder={T.groupNamePlaceholder}
        accessibleLabel={`${T.groupNamePlaceholder} (${organization.organizationName})`}
        buttonLabel={T.addGroup}
        requiredMessage={T.groupNameRequired}
        dotsMessage={T.groupNameDots}
        onAdd={(name) => onAddGroup(organization.organizationGuid, name)}
      />
    </article>
  );
}
