import {
  formatDate,
  type Product,
  type ProductPriceBody,
  parsePaise,
  productPriceBody,
  productTexts,
  rupeeText,
} from '@dairy/contract';
import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../components/form-date-field';
import { MoneyField } from '../../components/money-input';
import { notify } from '../../components/notify';
import { FormStack } from '../../components/record-form';
import { ApiError } from '../../lib/api';
import { useBusinessToday, useLabel } from '../../lib/config';
import { daysText } from '../../lib/day-names';
import { contractResolver } from '../../lib/forms';
import { priceChangeOf, useChangePrice, usePricePreview } from './api';

/** How long typing rests before the preview is asked again. */
const PREVIEW_DEBOUNCE_MS = 300;

type PriceValues = { price: number | string; fromDate: string };

/**
 * 'Change price' of one code (docs/rules.md section 23): the new price and the date it holds from;
 * before anything is written it says how many rows, deliveries and bills the change moves, then
 * 'Change price' makes it in one call. `rows` are the code's rows the list shows, for their prices now.
 */
export function ChangePriceDialog({ rows, onClose }: { rows: Product[]; onClose: () => void }) {
  const label = useLabel();
  const today = useBusinessToday();
  const [first] = rows as [Product];
  const code = first.productCode;
  const change = useChangePrice();
  const { t } = useTranslation();
  const form = useForm<PriceValues>({
    resolver: contractResolver<PriceValues>(productPriceBody.omit({ productCode: true }), label),
    defaultValues: { price: '', fromDate: today },
  });
  const [price, fromDate] = form.watch(['price', 'fromDate']);
  // As text: a new object each render would never let the debounce settle.
  const [askedText] = useDebouncedValue(
    JSON.stringify(priceChangeOf({ productCode: code, price, fromDate })),
    PREVIEW_DEBOUNCE_MS,
  );
  const asked = JSON.parse(askedText) as (PriceValues & { productCode: string }) | null;
  const preview = usePricePreview(asked);
  const { errors, isSubmitting } = form.formState;
  // The preview's refusal (a date out of range) shows beside its field, as a save's would.
  const refused = preview.error instanceof ApiError ? preview.error : undefined;
  const fieldError = (name: keyof PriceValues) =>
    errors[name]?.message ?? refused?.errors?.find((e) => e.path === name)?.message;
  const counts = asked && !refused ? preview.data : undefined;

  const submit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync({ productCode: code, ...values } satisfies ProductPriceBody);
      notify.success(productTexts.priceChanged);
      onClose();
    } catch (error) {
      if (error instanceof ApiError)
        for (const e of (error.errors ?? []).filter((e) => e.path === 'price' || e.path === 'fromDate'))
          form.setError(e.path as keyof PriceValues, { message: e.message });
      notify.failure(error, productTexts.priceChangeFailed);
    }
  });

  return (
    <Modal opened onClose={onClose} title={t('product.priceTitle', { code })}>
      <FormStack onSubmit={submit}>
        <Text size="sm">
          {t('product.pricesNow', {
            name: first.productName,
            prices: rows.map((r) => `${rupeeText(r.price)} (${daysText(r.Combination.combinationDays)})`).join(' · '),
          })}
        </Text>
        <MoneyField
          name="price"
          control={form.control}
          label={t('product.newPrice')}
          min={1}
          error={fieldError('price')}
        />
        <FormDateField
          name="fromDate"
          control={form.control}
          label={t('product.fromDate')}
          description={t('product.fromDateHint')}
          error={fieldError('fromDate')}
        />
        <Alert color="blue" role="status" aria-live="polite">
          {counts && asked
            ? t('product.preview', {
                date: formatDate(asked.fromDate),
                rows: t('product.previewRows', { count: counts.rows, code }),
                deliveries: t('product.previewDeliveries', { count: counts.transactions }),
                bills: t('product.previewBills', { count: counts.bills }),
                price: rupeeText(parsePaise(String(asked.price))),
              })
            : t('product.previewEmpty')}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {t('product.changePrice')}
          </Button>
        </Group>
      </FormStack>
    </Modal>
  );
}
