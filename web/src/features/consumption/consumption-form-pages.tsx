import {
  type ConsumptionUpdateGetResponse,
  consumptionAddBody,
  consumptionTexts,
  consumptionUpdateBody,
  type DayOption,
  type ProductCodeOption,
  rupeeText,
} from '@dairy/contract';
import { Checkbox } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageCard } from '../../components/page-card';
import { customerChoice } from '../../components/pickers';
import { QuantityField, quantityFieldValue } from '../../components/quantity-input';
import { ReadOnlyField } from '../../components/read-only-field';
import { FormStack, SubmitButton, UpdateRecordPage, useSaveAndReturn } from '../../components/record-form';
import { DependentSelects, ProductDaysSelects } from '../../components/select-field';
import { useLabel } from '../../lib/config';
import { daysText } from '../../lib/day-names';
import { contractResolver } from '../../lib/forms';
import { i18n } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import {
  useAddConsumption,
  useConsumptionAddForm,
  useConsumptionForUpdate,
  useCustomersOfColony,
  useDaysOfProduct,
  useUpdateConsumption,
} from './api';

const productChoices = (products: ProductCodeOption[]) =>
  products.map((p) => ({ value: p.productCode, label: p.productName }));
const dayChoices = (days: DayOption[]) =>
  days.map((d) => ({ value: String(d.id), label: `${daysText(d.name)} (${rupeeText(d.price)})` }));

/** 'Submission failed: {message}', for Add and Update Consumption. */
const failed = {
  failed: consumptionTexts.submitFailed,
  noAnswer: (message: string) => i18n.t('consumption.submitError', { message }),
};

type AddValues = { colonyId: string; customerId: string; productId: string; day: string; quantity: number | string };

/** The unit of a chosen product code, for the quantity field. */
const unitOf = (products: { productCode: string; unit: string }[], code: string) =>
  products.find((p) => p.productCode === code)?.unit;

export function AddConsumptionPage() {
  const label = useLabel();
  const formData = useConsumptionAddForm();
  const add = useAddConsumption();
  const { t } = useTranslation();
  const { save } = useSaveAndReturn({ saved: consumptionTexts.added, ...failed, list: paths.consumptions });
  const form = useForm<AddValues>({
    resolver: contractResolver(consumptionAddBody, label),
    defaultValues: { colonyId: '', customerId: '', productId: '', day: '', quantity: 1 },
  });
  const { errors, isSubmitting } = form.formState;
  const [colonyId, productId] = form.watch(['colonyId', 'productId']);
  const customers = useCustomersOfColony(colonyId);
  const days = useDaysOfProduct(productId);
  const data = formData.data?.data;
  const colonyChoices = (data?.colonies ?? []).map((c) => ({ value: c.colonyCode, label: c.colonyName }));
  const customerChoices = (customers.data ?? []).map(customerChoice);

  const submit = form.handleSubmit((values) => save(() => add.mutateAsync(values)));

  return (
    <PageCard title={t('consumption.add')}>
      <FormStack onSubmit={submit} maw={480}>
        {/* A customer belongs to one colony: a new colony clears the customer. */}
        <DependentSelects
          form={form}
          revalidate
          first={{
            name: 'colonyId',
            label: t('consumption.colony'),
            placeholder: t('picker.selectColony'),
            data: colonyChoices,
          }}
          second={{
            name: 'customerId',
            label: t('consumption.customer'),
            placeholder: t('picker.selectCustomer'),
            data: customerChoices,
          }}
        />
        <ProductDaysSelects
          form={form}
          revalidate
          products={{ name: 'productId', data: productChoices(data?.products ?? []) }}
          days={{ name: 'day', data: dayChoices(days.data ?? []) }}
        />
        <QuantityField
          name="quantity"
          control={form.control}
          unit={unitOf(data?.products ?? [], productId)}
          description={t('consumption.quantityHint')}
          error={errors.quantity?.message}
        />
        <SubmitButton busy={isSubmitting} done={add.isSuccess}>
          {t('consumption.add')}
        </SubmitButton>
      </FormStack>
    </PageCard>
  );
}

export function UpdateConsumptionPage() {
  const { id = '' } = useParams();
  const loaded = useConsumptionForUpdate(id);
  const { t } = useTranslation();
  return (
    <UpdateRecordPage title={t('consumption.update')} query={loaded}>
      {(record, reload) => <UpdateConsumptionForm loaded={record} reload={reload} />}
    </UpdateRecordPage>
  );
}

type UpdateValues = {
  colonyCode: string;
  productId: string;
  combinationId: string;
  isActive: boolean;
  quantity: number | string;
  version?: number;
};

function UpdateConsumptionForm({ loaded, reload }: { loaded: ConsumptionUpdateGetResponse; reload: () => void }) {
  const label = useLabel();
  const { consumption, dropdownData } = loaded;
  const update = useUpdateConsumption();
  const { t } = useTranslation();
  const { save, staleAlert } = useSaveAndReturn({
    saved: consumptionTexts.updated,
    ...failed,
    list: paths.consumptions,
    reload,
  });
  const form = useForm<UpdateValues>({
    resolver: contractResolver(consumptionUpdateBody.omit({ id: true }), label),
    // The version read when the form opened: a save from this copy must not undo a later change.
    defaultValues: {
      colonyCode: consumption.colonyCode,
      productId: consumption.product.productCode,
      combinationId: String(consumption.combinationId),
      isActive: consumption.isActive === 1,
      quantity: quantityFieldValue(consumption.quantity),
      version: consumption.version,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const productId = form.watch('productId');
  const ownCode = productId === consumption.product.productCode;
  const fetched = useDaysOfProduct(ownCode ? '' : productId);
  // The consumption's own code keeps its own row even if that row was disabled since.
  const days = ownCode ? dropdownData.days : (fetched.data ?? []);

  const submit = form.handleSubmit((values) =>
    save(() =>
      update.mutateAsync({
        id: consumption.consumptionId,
        colonyCode: consumption.colonyCode,
        customerId: consumption.customerId,
        productId: values.productId,
        combinationId: values.combinationId,
        isActive: values.isActive ? 1 : 0,
        quantity: values.quantity,
        version: values.version,
      }),
    ),
  );
  return (
    <FormStack onSubmit={submit} maw={480}>
      {staleAlert}
      <ReadOnlyField label={t('consumption.colony')} value={consumption.colony?.colonyName ?? consumption.colonyCode} />
      <ReadOnlyField label={t('consumption.customer')} value={consumption.customer.customerName} />
      <ProductDaysSelects
        form={form}
        revalidate
        clearLabel
        products={{ name: 'productId', data: productChoices(dropdownData.products) }}
        days={{ name: 'combinationId', data: dayChoices(days) }}
      />
      <QuantityField
        name="quantity"
        control={form.control}
        unit={unitOf(dropdownData.products, productId)}
        description={t('consumption.quantityHint')}
        error={errors.quantity?.message}
      />
      <Checkbox label={t('records.active')} {...form.register('isActive')} />
      <SubmitButton busy={isSubmitting} done={update.isSuccess} busyText={t('records.updating')}>
        {t('consumption.update')}
      </SubmitButton>
    </FormStack>
  );
}
