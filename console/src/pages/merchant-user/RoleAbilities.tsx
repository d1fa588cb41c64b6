import '@mantine/core/styles/List.css';
import { abilitiesOf, ROLE_ABILITIES, ROLES, type Role, type RoleAbilityKey, rolesOf } from '@coin/contract';
import { List, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { Disclosure } from '@/components/Disclosure';
import { TableScroll } from '@/components/TableScroll';
import { useTranslation } from '@/i18n';
import { roleKey } from '@/i18n/keys';

const YES = '✓';
const NO = '–';

/** Abilities as a list, each with a mark (the list's heading says which: may or may not). */
export function AbilityList({ keys, may }: { keys: readonly RoleAbilityKey[]; may: boolean }) {
  const { t } = useTranslation();
  return (
    <List size="sm" spacing={2} listStyleType="none" withPadding={false}>
      {keys.map((key) => (
        <List.Item key={key}>
          <Text span aria-hidden="true" fw={700} c={may ? 'teal.9' : undefined} mr={6}>
            {may ? YES : NO}
          </Text>
          {t(`roleAbilities.abilities.${key}`)}
        </List.Item>
      ))}
    </List>
  );
}

/**
 * Under the role choice of the invite / edit dialog: what the chosen role may and may not do. A polite
 * live region, so a screen reader hears the new lists when the choice changes.
 */
export function ChosenRoleAbilities({ role }: { role: Role | null }) {
  const { t } = useTranslation();
  const labelId = useId();
  if (!role) return null;
  const { may, mayNot } = abilitiesOf(role);
  return (
    <Paper withBorder radius="sm" p="sm" role="group" aria-labelledby={labelId}>
      <Stack gap="xs" aria-live="polite">
        <Text id={labelId} size="sm" fw={700}>
          {t('roleAbilities.chosen.label', { role: t(roleKey(role)) })}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: mayNot.length > 0 ? 2 : 1 }} spacing="sm" verticalSpacing="xs">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('roleAbilities.chosen.may')}
            </Text>
            <AbilityList keys={may} may />
          </Stack>
          {mayNot.length > 0 && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('roleAbilities.chosen.mayNot')}
              </Text>
              <AbilityList keys={mayNot} may={false} />
            </Stack>
          )}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** A table cell's mark, read as できる / できない. */
function Mark({ may }: { may: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Text span aria-hidden="true" fw={700} c={may ? 'teal.9' : undefined}>
        {may ? YES : NO}
      </Text>
      <VisuallyHidden>{t(may ? 'roleAbilities.yes' : 'roleAbilities.no')}</VisuallyHidden>
    </>
  );
}

/** 権限について on the staff page: role × ability, behind a disclosure button so the list stays near the top. */
export function RoleAbilitiesCard() {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('roleAbilities.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('roleAbilities.lead')}
        </Text>
        <Disclosure showLabel={t('roleAbilities.show')} hideLabel={t('roleAbilities.hide')}>
          {() => <RoleAbilityTable />}
        </Disclosure>
      </Stack>
    </Paper>
  );
}

function RoleAbilityTable() {
  const { t } = useTranslation();
  const label = t('roleAbilities.tableLabel');
  // Room for the ability names beside four role columns; a narrower box (a phone) scrolls sideways.
  return (
    <TableScroll minWidth={520} label={label}>
      <Table aria-label={label} fz="sm" withRowBorders withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('roleAbilities.ability')}</Table.Th>
            {ROLES.map((role) => (
              <Table.Th key={role} scope="col" ta="center" w="14%">
                {t(roleKey(role))}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ROLE_ABILITIES.map((ability) => {
            const roles = rolesOf(ability);
            return (
              <Table.Tr key={ability.key}>
                <Table.Th scope="row" fw={400}>
                  {t(`roleAbilities.abilities.${ability.key}`)}
                </Table.Th>
                {ROLES.map((role) => (
                  <Table.Td key={role} ta="center">
                    <Mark may={roles.includes(role)} />
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
