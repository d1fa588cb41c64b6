import { NativeSelect } from '@mantine/core';
import { useTranslation } from '@/i18n';

/** A list's status filter: すべて, then each status by its label; the choice lives in the URL. */
export function StatusFilter<S extends string>({
  statuses,
  value,
  labelOf,
  onChange,
  label,
  width = 160,
}: {
  statuses: readonly S[];
  value: S | undefined;
  labelOf: (status: S) => string;
  onChange: (status: S | undefined) => void;
  /** The select's label when the values are not a status (a result, a kind); 状態 by default. */
  label?: string;
  width?: number;
}) {
  const { t } = useTranslation();
  const data = [
    { value: '', label: t('list.all') },
    ...statuses.map((status) => ({ value: status, label: labelOf(status) })),
  ];
  return (
    <NativeSelect
      label={label ?? t('fields.status')}
      data={data}
      value={value ?? ''}
      onChange={(event) => onChange((event.currentTarget.value || undefined) as S | undefined)}
      w={width}
    />
  );
}
