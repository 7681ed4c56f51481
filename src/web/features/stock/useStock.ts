/**
 * The stock page's logic: receiving a batch, counting the batches (stock take) and writing off
 * expired ones. Quantities are typed with their unit ("2 l", "500 g") and sent in base units;
 * every change goes through the stock ledger's calls, so the lists are read again after each.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { BatchMove } from '../../../shared/stock';
import { formatQuantity, parseQuantity, type UnitKind } from '../../../shared/units';
import { call, callData } from '../../api/client';
import { useSession } from '../../session/store';
import { useCompanySettings } from '../../theme/useCompanySettings';
import { displayDate } from '../../../shared/show-value';

interface ProductRow {
  dispensary_product_id: number;
  dispensary_product_name: string;
  dispensary_product_unit_kind: UnitKind;
}

interface BatchRow {
  batch_id: number;
  batch_name: string;
  batch_expiry: string | null;
  batch_quantity: number;
  batch_unit_kind: UnitKind;
  batch_dispensary_product_id_label?: string;
}

interface CountRow {
  id: number;
  label: string;
  expiry: string;
  kind: UnitKind;
  /** On hand, in the company's units. */
  onHand: string;
  counted: string;
  /** The counted text could not be read as a quantity of the batch's kind. */
  invalid: boolean;
}

const ALL = { page: 1, limit: 5000 };

export function useStock() {
  const slug = useSession((s) => s.company_slug);
  const { unitSystem } = useCompanySettings();
  const client = useQueryClient();
  const products = useQuery({
    queryKey: ['stock-products', slug],
    queryFn: () => callData<ProductRow[]>('dispensary_products/list', ALL),
  });
  const batches = useQuery({
    queryKey: ['stock-batches', slug],
    queryFn: () => callData<BatchRow[]>('batches/list', ALL),
  });
  const reload = useCallback(
    () => client.invalidateQueries({ queryKey: ['stock-batches', slug] }),
    [client, slug],
  );

  // Receive
  const [productId, setProductId] = useState<string | null>(null);
  const [batchName, setBatchName] = useState('');
  const [supplier, setSupplier] = useState('');
  const [expiry, setExpiry] = useState('');
  const [quantity, setQuantity] = useState('');
  const product = products.data?.find((p) => String(p.dispensary_product_id) === productId);
  const received = product ? parseQuantity(quantity, product.dispensary_product_unit_kind) : null;
  const receive = useCallback(async () => {
    if (!product || received === null) return;
    const reply = await call<BatchMove>('stock/receive', {
      dispensary_product_id: product.dispensary_product_id,
      batch_name: batchName,
      batch_supplier: supplier,
      batch_expiry: expiry || null,
      quantity: received,
    });
    if (!reply.result) return;
    setBatchName('');
    setQuantity('');
    setExpiry('');
    await reload();
  }, [product, received, batchName, supplier, expiry, reload]);

  // Stock take: every batch that holds stock, counted as typed.
  const [counted, setCounted] = useState<Record<number, string>>({});
  const counts: CountRow[] = useMemo(
    () =>
      (batches.data ?? [])
        .filter((b) => b.batch_quantity > 0)
        .map((b) => {
          const typed = counted[b.batch_id] ?? '';
          return {
            id: b.batch_id,
            label: `${b.batch_dispensary_product_id_label ?? ''} — ${b.batch_name}`,
            expiry: b.batch_expiry ? displayDate(b.batch_expiry) : '',
            kind: b.batch_unit_kind,
            onHand: formatQuantity(b.batch_quantity, b.batch_unit_kind, unitSystem),
            counted: typed,
            invalid: typed !== '' && parseQuantity(typed, b.batch_unit_kind) === null,
          };
        }),
    [batches.data, counted, unitSystem],
  );
  const setCount = useCallback(
    (id: number, text: string) => setCounted((all) => ({ ...all, [id]: text })),
    [],
  );
  const [booked, setBooked] = useState<BatchMove[] | null>(null);
  const bookCounts = useCallback(async () => {
    const rows = counts
      .filter((r) => r.counted !== '' && !r.invalid)
      .map((r) => ({ batch_id: r.id, counted: parseQuantity(r.counted, r.kind) as number }));
    if (rows.length === 0) return;
    const reply = await call<BatchMove[]>('stock/stock_take', { counts: rows });
    if (!reply.result) return;
    setBooked(reply.data);
    setCounted({});
    await reload();
  }, [counts, reload]);

  const writeOff = useCallback(async () => {
    const reply = await call<BatchMove[]>('stock/write_off_expired', {});
    if (reply.result) await reload();
  }, [reload]);

  const describe = useCallback(
    (move: BatchMove, kind: UnitKind) =>
      `${move.dispensary_product_name} ${move.batch_name}: ${move.quantity > 0 ? '+' : '−'}${formatQuantity(Math.abs(move.quantity), kind, unitSystem)}`,
    [unitSystem],
  );

  return {
    loading: products.isLoading || batches.isLoading,
    productOptions: (products.data ?? []).map((p) => ({
      value: String(p.dispensary_product_id),
      label: p.dispensary_product_name,
    })),
    receiveForm: {
      productId,
      setProductId,
      batchName,
      setBatchName,
      supplier,
      setSupplier,
      expiry,
      setExpiry,
      quantity,
      setQuantity,
      quantityInvalid: quantity !== '' && product !== undefined && received === null,
      ready: product !== undefined && received !== null && received > 0 && batchName.trim() !== '',
      receive,
    },
    counts,
    setCount,
    bookCounts,
    booked: booked?.map((m) => {
      const kind = batches.data?.find((b) => b.batch_id === m.batch_id)?.batch_unit_kind;
      return describe(m, kind ?? 'volume');
    }),
    writeOff,
  };
}
