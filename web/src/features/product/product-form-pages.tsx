import {
  type CombinationOption,
  DEFAULT_UNIT,
  type Product,
  productAddBody,
  productTexts,
  productUpdateBody,
} from '@dairy/contract';
import { Autocomplete, Checkbox, TextInput } from '@mantine/core';
import { type Control, Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MoneyField, moneyFieldValue } from '../../components/money-input';
import { PageCard } from '../../components/page-card';
import { ReadOnlyField } from '../../components/read-only-field';
import { FormStack, SubmitButton, UpdateRecordPage, useSaveAndReturn } from '../../components/record-form';
import { SelectField } from '../../components/select-field';
import { useLabel } from '../../lib/config';
import { daysText } from '../../lib/day-names';
import { contractResolver, fieldProps } from '../../lib/forms';
import { translateKnown } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useAddProduct, useProductAddForm, useProductForUpdate, useUpdateProduct } from './api';

type ProductFormValues = {
  code: string;
  name: string;
  price: number | string;
  days: string;
  unit: string;
  available: boolean;
  version?: number;
};

/**
 * The combination picker. As the spec has it, its first option is 'Select Combination', which
 * cannot be chosen, and nothing chosen reads the same.
 */
function CombinationField({
  control,
  combinations,
  error,
}: {
  control: Control<ProductFormValues>;
  combinations: CombinationOption[];
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      name="days"
      control={control}
      label={t('product.combinations')}
      placeholder={t('product.selectCombination')}
      data={[
        { value: '', label: t('product.selectCombination'), disabled: true },
        ...combinations.map((c) => ({ value: String(c.combinationId), label: daysText(c.combinationDays) })),
      ]}
      nothingFoundMessage={t('product.noCombinations')}
      error={error}
    />
  );
}

/** The unit of the code ('L', 'kg'): one per code, like the name. */
function UnitField({ form }: { form: ReturnType<typeof useForm<ProductFormValues>> }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('product.unit')}
      placeholder={DEFAULT_UNIT}
      description={t('product.unitHint')}
      {...form.register('unit')}
      error={form.formState.errors.unit?.message}
    />
  );
}

/** Price, as typed: a value below 1 gets its message beside the field and is never changed. */
function PriceField({ control, error }: { control: Control<ProductFormValues>; error?: string }) {
  const { t } = useTranslation();
  return <MoneyField name="price" control={control} label={t('product.price')} min={1} error={error} />;
}

export function AddProductPage() {
  const label = useLabel();
  const formData = useProductAddForm();
  const add = useAddProduct();
  const { t } = useTranslation();
  const { save } = useSaveAndReturn({
    saved: label(translateKnown(productTexts.added)),
    failed: label(translateKnown(productTexts.addFailed)),
    list: paths.products,
  });
  const form = useForm<ProductFormValues>({
    resolver: contractResolver(productAddBody, label),
    defaultValues: { code: '', name: '', price: '', days: '', unit: DEFAULT_UNIT, available: true },
  });
  const { errors, isSubmitting } = form.formState;
  const codes = formData.data?.data ?? [];

  // Choosing an existing code brings its name and unit along; a new code keeps what was typed.
  // After a submit, the fields' messages follow the new values at once.
  const chooseCode = (code: string) => {
    const revalidate = { shouldValidate: form.formState.isSubmitted };
    form.setValue('code', code, revalidate);
    const existing = codes.find((c) => c.productCode === code);
    if (existing) {
      form.setValue('name', existing.productName, revalidate);
      form.setValue('unit', existing.unit, revalidate);
    }
  };

  const submit = form.handleSubmit((values) =>
    save(() =>
      add.mutateAsync({
        code: values.code.trim(),
        name: values.name.trim(),
        price: values.price,
        available: values.available,
        days: values.days,
        unit: values.unit,
      }),
    ),
  );

  return (
    <PageCard title={label(t('product.add'))}>
      <FormStack onSubmit={submit} maw={480}>
        <Controller
          name="code"
          control={form.control}
          render={({ field }) => (
            <Autocomplete
              label={label(t('product.code'))}
              placeholder={label(t('product.codePlaceholder'))}
              data={codes.map((c) => c.productCode)}
              clearable
              value={field.value}
              onChange={chooseCode}
              onBlur={field.onBlur}
              error={errors.code?.message}
            />
          )}
        />
        <TextInput
          label={t('product.nameLabel')}
          placeholder={t('product.namePlaceholder')}
          {...fieldProps(form, 'name')}
        />
        <UnitField form={form} />
        <CombinationField
          control={form.control}
          combinations={formData.data?.rows ?? []}
          error={errors.days?.message}
        />
        <PriceField control={form.control} error={errors.price?.message} />
        <Checkbox label={t('records.active')} {...form.register('available')} />
        <SubmitButton busy={isSubmitting} done={add.isSuccess}>
          {label(t('product.add'))}
        </SubmitButton>
      </FormStack>
    </PageCard>
  );
}

export function UpdateProductPage() {
  const label = useLabel();
  const { id = '' } = useParams();
  const loaded = useProductForUpdate(id);
  const { t } = useTranslation();
  return (
    <UpdateRecordPage title={label(t('product.update'))} query={loaded}>
      {(record, reload) =>
        record.rows[0] && <UpdateProductForm product={record.rows[0]} combinations={record.data} reload={reload} />
      }
    </UpdateRecordPage>
  );
}

function UpdateProductForm({
  product,
  combinations,
  reload,
}: {
  product: Product;
  combinations: CombinationOption[];
  reload: () => void;
}) {
  const label = useLabel();
  const update = useUpdateProduct(String(product.productId));
  const { t } = useTranslation();
  const { save, staleAlert } = useSaveAndReturn({
    saved: label(translateKnown(productTexts.updated)),
    failed: label(translateKnown(productTexts.updateFailed)),
    list: paths.products,
    reload,
  });
  const form = useForm<ProductFormValues>({
    resolver: contractResolver(productUpdateBody, label),
    // The version read when the form opened: a save from this copy must not undo a later change.
    defaultValues: {
      code: product.productCode,
      name: product.productName,
      price: moneyFieldValue(product.price),
      days: String(product.combinationId),
      unit: product.unit,
      available: product.available === 1,
      version: product.version,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit((values) =>
    save(() =>
      update.mutateAsync({
        code: product.productCode,
        name: values.name.trim(),
        price: values.price,
        available: values.available ? 1 : 0,
        days: values.days,
        unit: values.unit,
        version: values.version,
      }),
    ),
  );
  return (
    <FormStack onSubmit={submit} maw={480}>
      {staleAlert}
      <ReadOnlyField label={label(t('product.code'))} value={product.productCode} />
      <TextInput label={t('product.nameLabel')} {...fieldProps(form, 'name')} />
      <UnitField form={form} />
      <CombinationField control={form.control} combinations={combinations} error={errors.days?.message} />
      <PriceField control={form.control} error={errors.price?.message} />
      <Checkbox label={t('records.active')} {...form.register('available')} />
      <SubmitButton busy={isSubmitting} done={update.isSuccess} busyText={t('records.updating')}>
        {label(t('product.update'))}
      </SubmitButton>
    </FormStack>
  );
}
