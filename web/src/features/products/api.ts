import {
  msgResponse,
  PRODUCT_PAGE_SIZE,
  type ProductAddBody,
  type ProductListResponse,
  type ProductUpdateBody,
  productAddFormResponse,
  productAddResponse,
  productListResponse,
  productUpdateGetResponse,
} from '@dairy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

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
      call.get('/product', productListResponse, {
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
      call.patch(`/product/updateActive/${productId}`, msgResponse, { isActive }),
    onSuccess: (_data, { productId, isActive }) => {
      queryClient.setQueryData<ProductListResponse>(
        productKeys.list(filter),
        (list) =>
          list && {
            ...list,
            rows: list.rows.map((p) => (p.productId === productId ? { ...p, available: isActive } : p)),
          },
      );
      // Other lists (and update forms) hold the row's old state and version: read again when shown.
      void queryClient.invalidateQueries({ queryKey: productKeys.all, refetchType: 'none' });
    },
  });
}

export function useProductAddForm() {
  return useQuery({
    queryKey: productKeys.addForm,
    queryFn: () => call.get('/product/add', productAddFormResponse),
  });
}

export function useProductForUpdate(id: string) {
  return useQuery({
    queryKey: productKeys.one(id),
    queryFn: () => call.get(`/product/update/${encodeURIComponent(id)}`, productUpdateGetResponse),
  });
}

export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductAddBody) => call.post('/product/add', productAddResponse, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

export function useUpdateProduct(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductUpdateBody) => call.put(`/product/update/${encodeURIComponent(id)}`, msgResponse, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
