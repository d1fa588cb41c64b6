import type { MerchantsSalesToday } from '@coin/contract';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { merchantQueries } from '@/api/merchants';
import { useMerchantSwitch } from '@/app/shell/useMerchantSwitch';
import { CardSkeleton } from '@/components/CardSkeleton';
import { type Column, RowsTable } from '@/components/ListTable';
import { QueryCard } from '@/components/QueryCard';
import { formatYen } from '@/format';
import { useTranslation } from '@/i18n';
import { roleKey } from '@/i18n/keys';
import { useSessionState } from '@/session';

type Shop = MerchantsSalesToday['items'][number];
type ShopsQuery = Parameters<typeof QueryCard<MerchantsSalesToday>>[0]['query'];

interface ShopsProps {
  /** The shop shown now: named, not offered as a switch. */
  selectedMerchantId: number | null;
  /** A switch is running (this card's or the header's): another is not started. */
  switching: boolean;
  onSwitch: (merchantId: number) => void;
}

/** Top's 「すべての店舗」, for a user with an ACTIVE role in more than one shop (as signed in); none for one shop. */
export function AllShopsCard() {
  const shopCount = useSessionState((state) => new Set(state.user?.roles.map((r) => r.merchant_id)).size);
  const selectedMerchantId = useSessionState((state) => state.selectedMerchantId);
  const query = useQuery({ ...merchantQueries.salesToday(), enabled: shopCount > 1 });
  const { switching, switchTo } = useMerchantSwitch();
  if (shopCount < 2) return null;
  return (
    <AllShopsView
      query={query}
      shopCount={shopCount}
      selectedMerchantId={selectedMerchantId}
      switching={switching}
      onSwitch={(merchantId) => void switchTo(merchantId)}
    />
  );
}

/** The card's states; the loading sketch has a row per shop the user holds a role in. */
export function AllShopsView({ query, shopCount, ...props }: ShopsProps & { query: ShopsQuery; shopCount: number }) {
  const { t } = useTranslation();
  const placeholder: Shop[] = Array.from({ length: shopCount }, (_, i) => ({
    merchant_id: -1 - i,
    name: '—',
    role: 'Member',
    status: 'OPEN',
    amount: 88_888,
    count: 88,
  }));
  return (
    <QueryCard
      title={t('top.allShops.title')}
      query={query}
      isEmpty={(answer) => answer.items.length === 0}
      emptyText={t('top.allShops.empty')}
      toolbar={
        <Text size="sm" c="dimmed" mb="xs">
          {t('top.allShops.lead')}
        </Text>
      }
      skeleton={
        <CardSkeleton>
          <ShopsTable shops={placeholder} {...props} />
        </CardSkeleton>
      }
    >
      {(answer) => <ShopsTable shops={answer.items} {...props} />}
    </QueryCard>
  );
}

/** A row per shop: its name (a switch to it), the user's role, open or closed, today's sales and count. */
function ShopsTable({ shops, selectedMerchantId, switching, onSwitch }: ShopsProps & { shops: Shop[] }) {
  const { t } = useTranslation();
  const columns: Column<Shop>[] = [
    {
      key: 'shop',
      header: t('top.allShops.shop'),
      phone: 'primary',
      render: (shop) =>
        shop.merchant_id === selectedMerchantId ? (
          <Group gap={6} wrap="nowrap" component="span">
            <Text span fw={700} inherit>
              {shop.name}
            </Text>
            <Badge size="sm" variant="light">
              {t('top.allShops.current')}
            </Badge>
          </Group>
        ) : (
          <Anchor
            component="button"
            type="button"
            inherit
            underline="always"
            ta="left"
            aria-label={t('top.allShops.switchTo', { name: shop.name })}
            // Not disabled while a switch runs: a disabled button would drop the keyboard user's focus.
            aria-disabled={switching || undefined}
            onClick={() => onSwitch(shop.merchant_id)}
          >
            {shop.name}
          </Anchor>
        ),
    },
    { key: 'role', header: t('top.allShops.role'), phone: 'secondary', render: (shop) => t(roleKey(shop.role)) },
    {
      key: 'status',
      header: t('top.allShops.status'),
      phone: 'secondary',
      render: (shop) => t(`merchantProfile.status.${shop.status}`),
    },
    {
      key: 'sales',
      header: t('top.allShops.sales'),
      align: 'right',
      phone: 'primary',
      render: (shop) => formatYen(shop.amount),
    },
    {
      key: 'count',
      header: t('top.allShops.count'),
      align: 'right',
      phone: 'secondary',
      render: (shop) => t('top.today.countValue', { count: shop.count }),
    },
  ];
  return (
    <RowsTable
      label={t('top.allShops.tableLabel')}
      columns={columns}
      rows={shops}
      rowKey={(shop) => shop.merchant_id}
    />
  );
}
