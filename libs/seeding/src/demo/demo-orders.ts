import { createHash } from 'node:crypto';
import type { OrderStatus, QaStatus } from '@app/contracts';
import { DEMO_ACCOUNTS, DEMO_SALES_PEOPLE } from './demo-accounts';

/**
 * Demo orders of `make dev` (development only), fixed ids so that the orders service seeds
 * the orders and the images service their images. Orders in a finished state get images that
 * the pipeline processes at boot; their state is kept as seeded (the lifecycle only moves
 * orders forward from Uploading and In Progress).
 */
export interface DemoOrder {
  id: string;
  orderName: string;
  accountId: string;
  salesPersonId: string | null;
  status: OrderStatus;
  QAstatus: QaStatus;
  /** positions of the demo style guide that have an image */
  positions: number[];
  /** days before the seed the order was created */
  daysAgo: number;
  note: string | null;
  platform: 'web' | 'android' | 'ios';
  appVersion: string | null;
}

const id = (n: number) => `00000000-0000-4000-8003-${String(n).padStart(12, '0')}`;
const anna = DEMO_SALES_PEOPLE[0].id;
const bo = DEMO_SALES_PEOPLE[1].id;
const zsofia = DEMO_SALES_PEOPLE[2].id;

export const DEMO_ORDERS: DemoOrder[] = [
  {
    id: id(1),
    orderName: 'VW Golf 8 GTI – WD 12 345',
    accountId: DEMO_ACCOUNTS.dealer.id,
    salesPersonId: anna,
    status: 'Ready to download',
    QAstatus: 'Approved',
    positions: [1, 2, 3, 4, 5, 6],
    daysAgo: 1,
    note: 'Please keep the number plate visible on the front picture.',
    platform: 'android',
    appVersion: '2.4.1',
  },
  {
    id: id(2),
    orderName: 'Tesla Model 3 – EV 77 001',
    accountId: DEMO_ACCOUNTS.dealer.id,
    salesPersonId: bo,
    status: 'QA stage',
    QAstatus: 'Waiting For QA',
    positions: [1, 2, 3, 4],
    daysAgo: 0,
    note: null,
    platform: 'web',
    appVersion: null,
  },
  {
    id: id(3),
    orderName: 'BMW X5 xDrive – BX 55 500',
    accountId: DEMO_ACCOUNTS.dealer.id,
    salesPersonId: anna,
    status: 'Completed',
    QAstatus: 'Approved',
    positions: [1, 2, 3, 4, 5, 6, 7, 8],
    daysAgo: 6,
    note: null,
    platform: 'ios',
    appVersion: '2.4.0',
  },
  {
    id: id(4),
    orderName: 'Audi A4 Avant – AU 40 404',
    accountId: DEMO_ACCOUNTS.dealer.id,
    salesPersonId: bo,
    status: 'QA stage',
    QAstatus: 'Waiting For Edition',
    positions: [1, 2, 3],
    daysAgo: 3,
    note: 'The wheel picture was taken in the rain; please check the reflections.',
    platform: 'web',
    appVersion: null,
  },
  {
    id: id(5),
    orderName: 'Peugeot 208 – PG 20 800',
    accountId: DEMO_ACCOUNTS.dealer2.id,
    salesPersonId: zsofia,
    status: 'Ready to download',
    QAstatus: 'Approved',
    positions: [1, 2, 3, 4],
    daysAgo: 2,
    note: null,
    platform: 'android',
    appVersion: '2.3.9',
  },
  {
    id: id(6),
    orderName: 'Skoda Octavia – SK 60 606',
    accountId: DEMO_ACCOUNTS.dealer2.id,
    salesPersonId: zsofia,
    status: 'Uploading',
    QAstatus: 'Waiting For QA',
    positions: [],
    daysAgo: 0,
    note: null,
    platform: 'android',
    appVersion: '2.4.1',
  },
];

/**
 * A stable id per demo image (the images service's rows; the orders service's timeline lines
 * name them), so seeding again finds what the first run made.
 */
export const demoImageId = (orderId: string, position: number) =>
  `00000000-0000-4000-8004-${createHash('sha1').update(`${orderId}:${position}`).digest('hex').slice(0, 12)}`;
