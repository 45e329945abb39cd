import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CLAIM_STATUS_LABELS,
  REPORT_PROBLEM_LABEL,
  trackingUrl,
  type Claim,
  type Order,
  type OrderLine,
  type OrderRefunds,
} from '@cratebase/contract';
import { ToastProvider } from '../../../../components/Toast';
import { configureApi } from '../../../../lib/api';
import { fakeFetch, ids } from '../../../../test/fixtures';
import { atPhoneWidth } from '../../../../test/phone-width';
import { renderWithProviders } from '../../../../test/render';
import { stubXhr } from '../../../../test/xhr';
import { detail, lines, summary } from '../order-fixtures';
import { OrderDialog } from './OrderDialog';

const [widget, gadget] = lines as [OrderLine, OrderLine, OrderLine];
const restock = '2026-12-04';

/** Order CB-000041 with its lines changed by id (shipped, unavailable…). */
function order(overrides: Partial<Order> = {}, changes: Record<string, Partial<OrderLine>> = {}): Order {
  const base = detail(summary(1, { state: 'accepted', buyer_may_cancel_until: null, cancellation_request: null }));
  return {
    ...base,
    shipments: [],
    timeline: [],
    claims: [],
    ...overrides,
    cart: {
      ...base.cart,
      line_items: base.cart.line_items.map((line) => ({
        ...line,
        shipped_quantity: 0,
        cancelled_quantity: 0,
        unavailable_quantity: 0,
        restock_on: null,
        backorder: null,
        ...changes[line.id],
      })),
    },
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const refunds: OrderRefunds = {
  order_id: order().id,
  paid_cents: 0,
  refunded_cents: 0,
  refundable_cents: 0,
  method: null,
  card: null,
  not_refundable: null,
  lines: [],
  shipping_cents: 0,
  shipping_refunded_cents: 0,
  refunds: [],
};

/** GET answers the order as it is now; each POST /api/order/{id}/{command} answers with the next answer. */
function serve(start: Order, commands: Record<string, Array<(body: unknown) => Response | Order>> = {}) {
  let current = start;
  const path = `/api/order/${start.id}`;
  const routes: Parameters<typeof fakeFetch>[0] = {
    [`GET ${path}`]: async () => json(current),
    [`GET ${path}/refunds`]: { body: refunds },
  };
  const fake = fakeFetch(routes);
  for (const [command, answers] of Object.entries(commands)) {
    routes[`POST ${path}/${command}`] = async () => {
      const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
      const result = answer(fake.calls.at(-1)?.body);
      if (result instanceof Response) return result;
      current = result;
      return json(result);
    };
  }
  vi.stubGlobal('fetch', fake.fn);
  return () => fake.calls.filter((c) => c.method === 'POST');
}

async function renderOrder(start: Order) {
  renderWithProviders(
    <ToastProvider>
      <OrderDialog summary={start} open onClose={() => undefined} />
    </ToastProvider>,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Order CB-000041' });
  await within(dialog).findByRole('table', { name: 'Line items' });
  return dialog;
}

function claim(number: number, overrides: Partial<Claim> = {}): Claim {
  return {
    id: `30000000-0000-4000-8000-00000000080${number}`,
    number,
    kind: 'damaged',
    status: 'open',
    lines: [{ line_item_id: widget.id, name: 'Widget', quantity: 1 }],
    note: 'Crushed box',
    photos: [],
    created_at: '2024-05-03T10:00:00Z',
    created_by: { name: 'Cora Shop' },
    decided_at: null,
    decision_note: null,
    refund_cents: null,
    replacement: null,
    ...overrides,
  };
}

beforeEach(() => {
  configureApi({ getAccessToken: async () => 'token', onUnauthorized: () => undefined });
  Object.defineProperty(URL, 'createObjectURL', { value: () => 'blob:photo', configurable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: () => undefined, configurable: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('View Order: items the seller cannot ship now', () => {
  it('asks to wait or cancel at the top; cancelling a line sends that choice, and a line waited for may be cancelled later', async () => {
    const asked = order({}, { [widget.id]: { unavailable_quantity: 2, restock_on: restock, backorder: 'asked' } });
    const afterWait = order(
      {},
      { [widget.id]: { unavailable_quantity: 2, restock_on: restock, backorder: 'waiting' } },
    );
    const afterCancel = order({}, { [widget.id]: { cancelled_quantity: 2 } });
    const posts = serve(asked, { backorders: [() => afterWait, () => afterCancel] });
    const user = userEvent.setup();
    const dialog = await renderOrder(asked);

    const panel = within(dialog).getByRole('region', { name: 'Some items are unavailable for now' });
    // At the top: before the items.
    const table = within(dialog).getByRole('table', { name: 'Line items' });
    expect(panel.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(panel).getByText('2 × Widget unavailable until Dec 4, 2026')).toBeTruthy();
    expect(panel.textContent).toContain('Cancel: your open invoice is reduced by what they cost.');

    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(within(panel).getByRole('alert').textContent).toBe('Choose Wait or Cancel for at least one item.');
    expect(posts()).toHaveLength(0);

    const choice = within(panel).getByRole('radiogroup', { name: '2 × Widget unavailable until Dec 4, 2026' });
    await user.click(within(choice).getByRole('radio', { name: 'Wait for them' }));
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You wait for 2 × Widget; they ship when they are back.')).toBeTruthy();
    expect(posts()[0]!.body).toEqual({ lines: [{ line_item_id: widget.id, choice: 'wait' }] });
    expect(posts()[0]!.headers['Idempotency-Key']).toMatch(/.+/);

    const waiting = await within(dialog).findByRole('region', { name: 'Items you wait for' });
    expect(within(waiting).getByText('You chose to wait; you may still cancel them.')).toBeTruthy();
    expect((within(waiting).getByRole('radio', { name: 'Wait for them' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(waiting).getByRole('radio', { name: 'Cancel these units' }));
    await user.click(within(waiting).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Cancelled 2 × Widget: your open invoice is reduced by what they cost.'),
    ).toBeTruthy();
    expect(posts()[1]!.body).toEqual({ lines: [{ line_item_id: widget.id, choice: 'cancel' }] });
    expect(posts()[1]!.headers['Idempotency-Key']).not.toBe(posts()[0]!.headers['Idempotency-Key']);
    await waitFor(() => expect(within(dialog).queryByRole('region', { name: 'Items you wait for' })).toBeNull());
  });

  it('shows the server’s refusal', async () => {
    const asked = order({}, { [gadget.id]: { unavailable_quantity: 1, restock_on: restock, backorder: 'asked' } });
    serve(asked, {
      backorders: [
        () =>
          json(
            {
              error: 'no_backorder',
              message: '“Gadget” has no units reported unavailable (they shipped or were cancelled meanwhile).',
            },
            409,
          ),
      ],
    });
    const user = userEvent.setup();
    const dialog = await renderOrder(asked);
    const panel = within(dialog).getByRole('region', { name: 'Some items are unavailable for now' });
    await user.click(within(panel).getByRole('radio', { name: 'Cancel these units' }));
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText(/has no units reported unavailable/)).toBeTruthy();
  });
});

describe('View Order: report a problem', () => {
  const shipped = () =>
    order({ state: 'shipped' }, { [widget.id]: { shipped_quantity: 3 }, [gadget.id]: { shipped_quantity: 2 } });

  it('sends the kind, units, note and uploaded photos; shows the server’s refusal, then the claim', async () => {
    const start = shipped();
    const media = (id: string) => ({
      id,
      organization_id: ids.buyer,
      cloudinary_url: `http://localhost/media/${id}.png`,
      width: 10,
      height: 10,
      content_type: 'image/png',
      byte_size: 4,
      variants: {},
    });
    const first = '30000000-0000-4000-8000-000000000991';
    const second = '30000000-0000-4000-8000-000000000992';
    const sent = stubXhr({
      [`POST /api/media/${ids.buyer}/upload`]: [
        { status: 200, body: media(first) },
        { status: 200, body: media(second) },
      ],
    });
    const posts = serve(start, {
      claims: [
        () =>
          json(
            {
              error: 'claim_exceeds_shipped',
              message: 'Only 3 units of “Widget” shipped and 2 are in another claim: at most 1 can be claimed.',
              issues: [
                {
                  path: 'lines.0.quantity',
                  message: 'Only 3 units of “Widget” shipped and 2 are in another claim: at most 1 can be claimed.',
                },
              ],
            },
            409,
          ),
        () => ({
          ...shipped(),
          claims: [claim(1, { lines: [{ line_item_id: widget.id, name: 'Widget', quantity: 1 }] })],
        }),
      ],
    });
    const user = userEvent.setup();
    const dialog = await renderOrder(start);
    await user.click(within(dialog).getByRole('button', { name: REPORT_PROBLEM_LABEL }));
    const report = await screen.findByRole('dialog', { name: `${REPORT_PROBLEM_LABEL} with order CB-000041` });

    await user.click(within(report).getByRole('button', { name: 'Send to the seller' }));
    expect(within(report).getByText('Choose what went wrong.')).toBeTruthy();
    expect(within(report).getByText('Choose at least one unit.')).toBeTruthy();
    expect(within(report).getByText('Tell the seller what happened.')).toBeTruthy();
    expect(posts()).toHaveLength(0);

    await user.click(within(report).getByRole('radio', { name: 'Damaged' }));
    // Only shipped lines, up to what shipped (Fig Jam has not shipped).
    expect(within(report).getByRole('spinbutton', { name: 'Units of Widget with the problem (up to 3)' })).toBeTruthy();
    expect(within(report).queryByRole('spinbutton', { name: /Fig Jam/ })).toBeNull();
    await user.click(within(report).getByRole('button', { name: 'One more Widget' }));
    await user.type(within(report).getByRole('textbox', { name: /What happened/ }), 'Crushed box');

    const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
    await user.upload(within(report).getByLabelText('Add photos'), [png('box.png'), png('label.png')]);
    const photos = within(report).getByRole('region', { name: 'Photos' });
    expect(within(photos).getByRole('img', { name: 'box.png' })).toBeTruthy();
    await waitFor(() => expect(within(photos).queryByRole('progressbar')).toBeNull());
    expect(sent).toHaveLength(2);
    expect(sent[0]!.body.get('file')).toBeInstanceOf(File);
    await user.click(within(photos).getByRole('button', { name: 'Remove photo label.png' }));
    expect(within(photos).queryByRole('img', { name: 'label.png' })).toBeNull();

    await user.click(within(report).getByRole('button', { name: 'Send to the seller' }));
    expect(await within(report).findByText(/at most 1 can be claimed/)).toBeTruthy();
    expect(posts()[0]!.body).toEqual({
      kind: 'damaged',
      lines: [{ line_item_id: widget.id, quantity: 1 }],
      note: 'Crushed box',
      media_ids: [first],
    });
    expect(posts()[0]!.headers['Idempotency-Key']).toMatch(/.+/);

    await user.click(within(report).getByRole('button', { name: 'Send to the seller' }));
    expect(await screen.findByText(/Claim 1 sent\. Seller X will refund it/)).toBeTruthy();
    const listed = await within(dialog).findByRole('listitem', { name: 'Claim 1' });
    expect(within(listed).getByText(CLAIM_STATUS_LABELS.open)).toBeTruthy();
  });

  it('lists claims with the refund, the replacement’s tracking link and the decline’s reason', async () => {
    const tracking = '1Z999AA10123456784';
    const start = {
      ...shipped(),
      claims: [
        claim(1, { status: 'refunded', refund_cents: 1_200, decided_at: '2024-05-04T10:00:00Z' }),
        claim(2, {
          kind: 'missing',
          status: 'replaced',
          replacement: { carrier: 'UPS', tracking_number: tracking, tracking_url: trackingUrl('UPS', tracking) },
        }),
        claim(3, { kind: 'wrong_item', status: 'declined', decision_note: 'That is the product ordered' }),
      ],
    };
    serve(start);
    const dialog = await renderOrder(start);
    const first = within(dialog).getByRole('listitem', { name: 'Claim 1' });
    expect(within(first).getByText(CLAIM_STATUS_LABELS.refunded)).toBeTruthy();
    expect(first.textContent).toContain('Refunded $12.00');
    const second = within(dialog).getByRole('listitem', { name: 'Claim 2' });
    expect(within(second).getByText('Claim 2 · Missing')).toBeTruthy();
    expect(
      within(second)
        .getByRole('link', { name: /1Z999AA10123456784/ })
        .getAttribute('href'),
    ).toBe(trackingUrl('UPS', tracking));
    expect(within(dialog).getByRole('listitem', { name: 'Claim 3' }).textContent).toContain(
      '“That is the product ordered”',
    );
    expect(within(dialog).queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('offers no report before anything shipped', async () => {
    const start = order();
    serve(start);
    const dialog = await renderOrder(start);
    expect(within(dialog).queryByRole('button', { name: REPORT_PROBLEM_LABEL })).toBeNull();
  });

  it('fills the screen on a phone', async () => {
    atPhoneWidth();
    const start = shipped();
    serve(start);
    const user = userEvent.setup();
    const dialog = await renderOrder(start);
    await user.click(within(dialog).getByRole('button', { name: REPORT_PROBLEM_LABEL }));
    const report = await screen.findByRole('dialog', { name: `${REPORT_PROBLEM_LABEL} with order CB-000041` });
    expect(report.className).toContain('MuiDialog-paperFullScreen');
  });
});
