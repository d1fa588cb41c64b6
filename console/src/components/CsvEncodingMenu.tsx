import '@mantine/core/styles/Menu.css';
import { CSV_ENCODINGS, type CsvEncoding } from '@coin/contract';
import { Menu, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { useId } from 'react';
import { useTranslation } from '@/i18n';

/**
 * The CSV button's encoding menu (Windows-31J or UTF-8 with BOM, and what becomes 〓). Mantine's Menu
 * and its floating positioning are loaded with this chunk, after the page: the chevron shows at once.
 */
export default function CsvEncodingMenu({
  target,
  disabled,
  onChoose,
}: {
  target: ReactElement;
  disabled: boolean;
  onChoose: (encoding: CsvEncoding) => void;
}) {
  const { t } = useTranslation();
  const substitutionId = useId();
  return (
    <Menu position="bottom-end" shadow="md" width={260} disabled={disabled}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('download.encoding')}</Menu.Label>
        {CSV_ENCODINGS.map((encoding) => (
          <Menu.Item
            key={encoding}
            onClick={() => onChoose(encoding)}
            {...(encoding === 'cp932' ? { 'aria-describedby': substitutionId } : {})}
          >
            {t(`download.encodings.${encoding}`)}
          </Menu.Item>
        ))}
        <Text id={substitutionId} size="xs" c="dimmed" px="sm" pb={6} maw={260}>
          {t('download.substitution')}
        </Text>
      </Menu.Dropdown>
    </Menu>
  );
}
