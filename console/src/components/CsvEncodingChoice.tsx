import '@mantine/core/styles/Radio.css';
import { CSV_ENCODINGS, type CsvEncoding } from '@coin/contract';
import { Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from '@/i18n';
import { pickOne } from '@/router/search';

/**
 * The encoding of a report page's file: Windows-31J (what Excel in Japan opens) or UTF-8 with BOM,
 * with what Windows-31J cannot hold (it becomes 〓).
 */
export function CsvEncodingChoice({
  value,
  onChange,
  disabled = false,
}: {
  value: CsvEncoding;
  onChange: (encoding: CsvEncoding) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={t('download.encoding')}
      value={value}
      onChange={(next) => onChange(pickOne(next, CSV_ENCODINGS) ?? 'cp932')}
    >
      <Stack gap="xs" mt={6}>
        {CSV_ENCODINGS.map((encoding) => (
          <Radio key={encoding} value={encoding} label={t(`download.encodings.${encoding}`)} disabled={disabled} />
        ))}
        <Text size="xs" c="dimmed">
          {t('download.substitution')}
        </Text>
      </Stack>
    </Radio.Group>
  );
}
