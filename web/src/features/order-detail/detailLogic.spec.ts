import { describe, expect, it } from '@jest/globals';
import type { ImageView } from '@app/contracts/wire';
import { canDeliverOrders, missingPositions } from './detailLogic';

const image = (position: number, optimisationStatus: ImageView['optimisationStatus']) => ({ position, optimisationStatus });

describe('missingPositions (the Uploading order page: "Add the missing pictures")', () => {
  it('free-form: positions 1 … takenImagesCount less those whose picture arrived', () => {
    expect(missingPositions(4, [], [image(1, 'queued'), image(3, 'completed')])).toEqual([2, 4]);
  });

  it("a guide's positions, sorted; a picture awaited or refused is still missing", () => {
    expect(missingPositions(3, [5, 2, 9], [image(2, 'awaiting-upload'), image(5, 'upload-rejected'), image(9, 'rejected')])).toEqual([2, 5]);
  });

  it('as many as were announced and have not arrived, on the first free positions of a guide with more positions', () => {
    expect(missingPositions(4, [1, 2, 3, 4, 5, 6, 7, 8], [image(2, 'queued')])).toEqual([1, 3, 4]);
  });

  it('nothing missing once every picture arrived', () => {
    expect(missingPositions(2, [], [image(1, 'queued'), image(2, 'queued')])).toEqual([]);
  });
});

describe('canDeliverOrders (the order header\'s integration delivery)', () => {
  it('admin and QA by their role; a dealership with READ_USER_INTEGRATIONS (any case); never management', () => {
    expect(canDeliverOrders({ userRole: 'Admin', permissions: [] })).toBe(true);
    expect(canDeliverOrders({ userRole: 'QA', permissions: [] })).toBe(true);
    expect(canDeliverOrders({ userRole: 'Dealership', permissions: ['READ_USER_INTEGRATIONS'] })).toBe(true);
    expect(canDeliverOrders({ userRole: 'Dealership', permissions: ['read_user_integrations'] })).toBe(true);
    expect(canDeliverOrders({ userRole: 'Dealership', permissions: ['UPDATE_ORDERS', 'UPDATE_USER_INTEGRATIONS'] })).toBe(false);
    expect(canDeliverOrders({ userRole: 'Management', permissions: ['READ_USER_INTEGRATIONS'] })).toBe(false);
  });
});
