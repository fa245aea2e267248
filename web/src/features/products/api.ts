import {
  type Combination,
  PRODUCT_PAGE_SIZE,
  type Product,
  type ProductAddBody,
  type ProductCodeOption,
  type ProductUpdateBody,
} from '@dairy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

type ProductList = { rows: Product[]; totalPages: number };
export type ProductFilter = { page: number; isActive?: 0 | 1; name: string };

export const productKeys = {
  all: ['product'] as const,
  list: (filter: ProductFilter) => ['product', 'list', filter] as const,
  addForm: ['product', 'add-form'] as const,
  one: (id: string) => ['product', 'one', id] as const,
};

export function useProductList(filter: ProductFilter) {
  return useQuery({
    queryKey: productKeys.list(filter),
    queryFn: () =>
      api.get<ProductList>('/product', {
        limit: PRODUCT_PAGE_SIZE,
        offset: filter.page,
        isActive: filter.isActive,
        name: filter.name.trim() || undefined,
      }),
  });
}

/** Toggles availability; after a 200 the row is updated in place. */
export function useToggleProduct(filter: ProductFilter) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, isActive }: { productId: number; isActive: 0 | 1 }) =>
      api.patch<{ msg: string }>(`/product/updateActive/${productId}`, { isActive }),
    onSuccess: (_data, { productId, isActive }) => {
      queryClient.setQueryData<ProductList>(
        productKeys.list(filter),
        (list) =>
          list && {
            ...list,
            rows: list.rows.map((p) => (p.productId === productId ? { ...p, available: isActive } : p)),
          },
      );
    },
  });
}

export function useProductAddForm() {
  return useQuery({
    queryKey: productKeys.addForm,
    queryFn: () => api.get<{ rows: Combination[]; data: ProductCodeOption[] }>('/product/add'),
  });
}

export function useProductForUpdate(id: string) {
  return useQuery({
    queryKey: productKeys.one(id),
    queryFn: () => api.get<{ rows: Product[]; data: Combination[] }>(`/product/update/${encodeURIComponent(id)}`),
  });
}

export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductAddBody) => api.post<{ msg: string }>('/product/add', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

export function useUpdateProduct(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductUpdateBody) =>
      api.put<{ msg: string }>(`/product/update/${encodeURIComponent(id)}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
