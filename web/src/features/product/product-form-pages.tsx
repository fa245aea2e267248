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
import { useParams } from 'react-router';
import { MoneyField, moneyFieldValue } from '../../components/money-input';
import { PageCard } from '../../components/page-card';
import { ReadOnlyField } from '../../components/read-only-field';
import { FormStack, SubmitButton, UpdateRecordPage, useSaveAndReturn } from '../../components/record-form';
import { SelectField } from '../../components/select-field';
import { useLabel } from '../../lib/config';
import { contractResolver, fieldProps } from '../../lib/forms';
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
  return (
    <SelectField
      name="days"
      control={control}
      label="Combinations"
      placeholder="Select Combination"
      data={[
        { value: '', label: 'Select Combination', disabled: true },
        ...combinations.map((c) => ({ value: String(c.combinationId), label: c.combinationDays })),
      ]}
      nothingFoundMessage="No combinations found"
      error={error}
    />
  );
}

/** The unit of the code ('L', 'kg'): one per code, like the name. */
function UnitField({ form }: { form: ReturnType<typeof useForm<ProductFormValues>> }) {
  return (
    <TextInput
      label="Unit"
      placeholder={DEFAULT_UNIT}
      description="One unit for every row of the code"
      {...form.register('unit')}
      error={form.formState.errors.unit?.message}
    />
  );
}

/** Price, as typed: a value below 1 gets its message beside the field and is never changed. */
function PriceField({ control, error }: { control: Control<ProductFormValues>; error?: string }) {
  return <MoneyField name="price" control={control} label="Price" min={1} error={error} />;
}

export function AddProductPage() {
  const label = useLabel();
  const formData = useProductAddForm();
  const add = useAddProduct();
  const { save } = useSaveAndReturn({
    saved: label(productTexts.added),
    failed: label(productTexts.addFailed),
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
    <PageCard title={label('Add {product}')}>
      <FormStack onSubmit={submit} maw={480}>
        <Controller
          name="code"
          control={form.control}
          render={({ field }) => (
            <Autocomplete
              label={label('{product} Code')}
              placeholder={label('Select or enter {product} code')}
              data={codes.map((c) => c.productCode)}
              clearable
              value={field.value}
              onChange={chooseCode}
              onBlur={field.onBlur}
              error={errors.code?.message}
            />
          )}
        />
        <TextInput label="Name" placeholder="Enter name" {...fieldProps(form, 'name')} />
        <UnitField form={form} />
        <CombinationField
          control={form.control}
          combinations={formData.data?.rows ?? []}
          error={errors.days?.message}
        />
        <PriceField control={form.control} error={errors.price?.message} />
        <Checkbox label="Active" {...form.register('available')} />
        <SubmitButton busy={isSubmitting} done={add.isSuccess}>
          {label('Add {product}')}
        </SubmitButton>
      </FormStack>
    </PageCard>
  );
}

export function UpdateProductPage() {
  const label = useLabel();
  const { id = '' } = useParams();
  const loaded = useProductForUpdate(id);
  return (
    <UpdateRecordPage title={label('Update {product}')} query={loaded}>
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
  const { save, staleAlert } = useSaveAndReturn({
    saved: label(productTexts.updated),
    failed: label(productTexts.updateFailed),
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
      <ReadOnlyField label={label('{product} Code')} value={product.productCode} />
      <TextInput label="Name" {...fieldProps(form, 'name')} />
      <UnitField form={form} />
      <CombinationField control={form.control} combinations={combinations} error={errors.days?.message} />
      <PriceField control={form.control} error={errors.price?.message} />
      <Checkbox label="Active" {...form.register('available')} />
      <SubmitButton busy={isSubmitting} done={update.isSuccess} busyText="Updating...">
        {label('Update {product}')}
      </SubmitButton>
    </FormStack>
  );
}
