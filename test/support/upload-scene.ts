import { testJpeg, waitFor } from '@app/testing';
import type { Page } from 'playwright-core';
import { createAccount, createSalesPerson, type AccountSpec, type TestAccount } from './accounts';
import { createFreeFormGuide, createOrder, createStyleGuide } from './order-factories';
import { signIn, type UserSession } from './sessions';
import type { TestStack } from './test-stack';

/** What `createUploadScene` makes. */
export interface UploadScene {
  admin: TestAccount;
  /** the dealership, allowed to create and read orders */
  dealer: TestAccount;
  /** the three-position style guide assigned to the dealership */
  guide: { id: string; name: string };
  /** three car photos, one per position, each car another colour */
  photos: Buffer[];
}

/**
 * The start of a browser test that follows an order from its upload: an admin, a dealership
 * with its sales person Sven Seller, a three-position style guide on the AI route (which puts
 * the car on the guide's background) and three car photos to upload.
 */
export async function createUploadScene(
  stack: TestStack,
  spec: { admin?: Partial<AccountSpec>; dealer: Partial<AccountSpec>; salesEmail: string; guideName: string },
): Promise<UploadScene> {
  const admin = await createAccount(stack, { ...spec.admin, role: 'Admin' });
  const dealer = await createAccount(stack, { permissions: ['CREATE_ORDERS', 'READ_ORDERS'], ...spec.dealer, role: 'Dealership' });
  await createSalesPerson(stack, dealer.id, { name: 'Sven Seller', email: spec.salesEmail });
  const asAdmin = await signIn(stack, admin.email);
  const guide = await createStyleGuide(asAdmin, { name: spec.guideName, assignTo: [dealer.id], positions: 3, background: '#dfe6ee' });
  const photos: Buffer[] = [];
  for (const colour of ['#b3202a', '#1f4e8c', '#2e7d32']) photos.push(await testJpeg(1200, 900, { carColour: colour }));
  return { admin, dealer, guide, photos };
}

/**
 * An order of `dealer` (an account with QA) on a free-form guide of the bypass route (quick),
 * with the sales person Sigrid Salg, its files put by `upload`, processed and waiting in QA
 * stage: where a browser test of QA's screens starts. Answers the order's id.
 */
export async function createOrderInQaStage(
  stack: TestStack,
  admin: UserSession,
  dealer: TestAccount,
  spec: { orderName: string; takenImagesCount: number; interiorColor?: string; upload: (asDealer: UserSession, orderId: string) => Promise<unknown> },
): Promise<string> {
  const guide = await createFreeFormGuide(admin, { name: 'Fjordbil Studio', assignTo: [dealer.id], ...(spec.interiorColor ? { interiorColor: spec.interiorColor } : {}) });
  const asDealer = await signIn(stack, dealer.email);
  const salesMan = (await createSalesPerson(stack, dealer.id, { name: 'Sigrid Salg' })).id;
  const orderId = (await createOrder(asDealer, { styleGuide: guide, salesMan, orderName: spec.orderName, takenImagesCount: spec.takenImagesCount })).id;
  await spec.upload(asDealer, orderId);
  await waitFor(async () => (await admin.get(`/api/orders/${orderId}`).expect(200)).body.status === 'QA stage', 'the order in QA stage', 60_000, 200);
  return orderId;
}

/** Puts each photo on its position of the create-order form (`photos[0]` on position 1 …) and waits for its preview. */
export async function putPhotosOnPositions(page: Page, photos: Buffer[]): Promise<void> {
  for (const [i, photo] of photos.entries()) {
    const position = page.getByTestId(`position-${i + 1}`);
    await position.getByLabel(/^Image for Position/).setInputFiles({ name: `car-${i + 1}.jpg`, mimeType: 'image/jpeg', buffer: photo });
    await position.getByTestId('image-preview').waitFor();
  }
}
