import {
  msgResponse,
  PRODUCT_PAGE_SIZE,
  type Product,
  type ProductAddBody,
  type ProductListResponse,
  type ProductPriceBody,
  type ProductUpdateBody,
  productAddFormResponse,
  productAddResponse,
  productListResponse,
  productPriceBody,
  productPricePreviewResponse,
  productPriceResponse,
  productUpdateGetResponse,
} from '@dairy/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, everyPage, type PageWindow } from '../../lib/api';
import { useInvalidatingMutation, useRowPatchMutation } from '../../lib/mutations';
import { resourceKeys } from '../../lib/query-keys';

export type ProductFilter = { page: number; isActive?: 0 | 1; name: string };

const productKeys = {
  ...resourceKeys<ProductFilter>('product'),
  addForm: ['product', 'add-form'] as const,
};

const fetchProducts = (filter: Omit<ProductFilter, 'page'>, window: PageWindow) =>
  call.get('/product', productListResponse, {
    ...window,
    isActive: filter.isActive,
    name: filter.name.trim() || undefined,
  });

export function useProductList(filter: ProductFilter) {
  return useQuery({
    queryKey: productKeys.list(filter),
    queryFn: () => fetchProducts(filter, { limit: PRODUCT_PAGE_SIZE, offset: filter.page }),
  });
}

/** Every row the list's filters choose, in the list's order. */
export const allProducts = (filter: Omit<ProductFilter, 'page'>): Promise<Product[]> =>
  everyPage(
    (window) => fetchProducts(filter, window),
    (list) => list.rows,
  );

/** Toggles availability; after a 200 the row is updated in place. */
export const useToggleProduct = (filter: ProductFilter) =>
  useRowPatchMutation(
    { page: productKeys.list(filter), all: productKeys.all },
    ({ productId, isActive }: { productId: number; isActive: 0 | 1 }) =>
      call.patch(`/product/updateActive/${productId}`, msgResponse, { isActive }),
    (list: ProductListResponse, { productId, isActive }) => ({
      ...list,
      rows: list.rows.map((p) => (p.productId === productId ? { ...p, available: isActive } : p)),
    }),
  );

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

export const useAddProduct = () =>
  useInvalidatingMutation([productKeys.all], (body: ProductAddBody) =>
    call.post('/product/add', productAddResponse, body),
  );

export const useUpdateProduct = (id: string) =>
  useInvalidatingMutation([productKeys.all], (body: ProductUpdateBody) =>
    call.put(`/product/update/${encodeURIComponent(id)}`, msgResponse, body),
  );

/**
 * What a price change would do (docs/rules.md section 23), asked once the fields make a valid
 * change; the last answer stays shown while the next is asked.
 */
export function usePricePreview(body: ProductPriceBody | null) {
  return useQuery({
    queryKey: [...productKeys.all, 'price-preview', body],
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: () => call.post('/product/price/preview', productPricePreviewResponse, body),
  });
}

/** The change itself: prices, deliveries and bills all move, so every list reads again. */
export function useChangePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductPriceBody) => call.post('/product/price', productPriceResponse, body),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** A valid change from what the fields hold, or null while they hold none. */
export function priceChangeOf(body: ProductPriceBody): ProductPriceBody | null {
  return productPriceBody.safeParse(body).success ? body : null;
}
