import { type Combination, type Product, productAddBody, productTexts, productUpdateBody } from '@dairy/contract';
import { Autocomplete, Button, Checkbox, NativeSelect, Stack, TextInput } from '@mantine/core';
import { type Control, Controller, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { MoneyField } from '../../components/money-input';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { QueryState } from '../../components/query-state';
import { ReadOnlyField } from '../../components/read-only-field';
import { useDelayedRedirect } from '../../components/use-redirect';
import { errorMessage } from '../../lib/api';
import { useLabel } from '../../lib/config';
import { contractResolver } from '../../lib/forms';
import { paths } from '../../lib/paths';
import { useAddProduct, useProductAddForm, useProductForUpdate, useUpdateProduct } from './api';

type ProductFormValues = { code: string; name: string; price: number | string; days: string; available: boolean };

/** The combination select: its first option 'Select Combination' cannot be chosen. */
function CombinationSelect({
  control,
  combinations,
  error,
}: {
  control: Control<ProductFormValues>;
  combinations: Combination[];
  error?: string;
}) {
  return (
    <Controller
      name="days"
      control={control}
      render={({ field }) => (
        <NativeSelect
          label="Combinations"
          data={[
            { value: '', label: 'Select Combination', disabled: true },
            ...combinations.map((c) => ({ value: String(c.combinationId), label: c.combinationDays })),
          ]}
          {...field}
          error={error}
        />
      )}
    />
  );
}

export function AddProductPage() {
  const label = useLabel();
  const formData = useProductAddForm();
  const add = useAddProduct();
  const redirect = useDelayedRedirect();
  const form = useForm<ProductFormValues>({
    resolver: contractResolver(productAddBody, label),
    defaultValues: { code: '', name: '', price: '', days: '', available: true },
  });
  const { errors, isSubmitting } = form.formState;
  const codes = formData.data?.data ?? [];

  // Choosing an existing code brings its name along; a new code keeps what was typed. After a
  // submit, the fields' messages follow the new values at once.
  const chooseCode = (code: string) => {
    const revalidate = { shouldValidate: form.formState.isSubmitted };
    form.setValue('code', code, revalidate);
    const existing = codes.find((c) => c.productCode === code);
    if (existing) form.setValue('name', existing.productName, revalidate);
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync({
        code: values.code.trim(),
        name: values.name.trim(),
        price: values.price,
        available: values.available,
        days: values.days,
      });
      notify.success(label(productTexts.added));
      redirect(paths.products);
    } catch (error) {
      notify.error(label('Unable to add {product}'), errorMessage(error, label('Unable to add {product}')));
    }
  });

  return (
    <PageCard title={label('Add {product}')}>
      <form onSubmit={submit} noValidate>
        <Stack maw={480}>
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
          <TextInput label="Name" placeholder="Enter name" {...form.register('name')} error={errors.name?.message} />
          <CombinationSelect
            control={form.control}
            combinations={formData.data?.rows ?? []}
            error={errors.days?.message}
          />
          <MoneyField name="price" control={form.control} label="Price" min={1} error={errors.price?.message} />
          <Checkbox label="Active" {...form.register('available')} />
          <Button type="submit" disabled={isSubmitting || add.isSuccess} w="fit-content">
            {label('Add {product}')}
          </Button>
        </Stack>
      </form>
    </PageCard>
  );
}

export function UpdateProductPage() {
  const label = useLabel();
  const { id = '' } = useParams();
  const loaded = useProductForUpdate(id);
  const product = loaded.data?.rows[0];
  return (
    <PageCard title={label('Update {product}')}>
      <QueryState query={loaded}>
        {product && <UpdateProductForm product={product} combinations={loaded.data?.data ?? []} />}
      </QueryState>
    </PageCard>
  );
}

function UpdateProductForm({ product, combinations }: { product: Product; combinations: Combination[] }) {
  const label = useLabel();
  const update = useUpdateProduct(String(product.productId));
  const redirect = useDelayedRedirect();
  const form = useForm<ProductFormValues>({
    resolver: contractResolver(productUpdateBody, label),
    defaultValues: {
      code: product.productCode,
      name: product.productName,
      price: product.price,
      days: String(product.combinationId),
      available: product.available === 1,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        code: product.productCode,
        name: values.name.trim(),
        price: values.price,
        available: values.available ? 1 : 0,
        days: values.days,
      });
      notify.success(label(productTexts.updated));
      redirect(paths.products);
    } catch (error) {
      notify.error(label('Unable to update {product}'), errorMessage(error, label('Unable to update {product}')));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={480}>
        <ReadOnlyField label={label('{product} Code')} value={product.productCode} />
        <TextInput label="Name" {...form.register('name')} error={errors.name?.message} />
        <CombinationSelect control={form.control} combinations={combinations} error={errors.days?.message} />
        <MoneyField name="price" control={form.control} label="Price" min={1} error={errors.price?.message} />
        <Checkbox label="Active" {...form.register('available')} />
        <Button type="submit" disabled={isSubmitting || update.isSuccess} w="fit-content">
          {isSubmitting ? 'Updating...' : label('Update {product}')}
        </Button>
      </Stack>
    </form>
  );
}
