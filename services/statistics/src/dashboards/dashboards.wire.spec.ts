import { toOrdersPerSalesManView, toOrdersPerStyleGuideView, toQaActivitiesView, toImageRatioView, toInactiveUsersView } from './dashboards.wire';

/**
 * The edge of the answers: the code's names go out under the spec's, in the order clients have
 * always seen (JSON text compared, so the order of the fields counts).
 */
describe('dashboards wire names', () => {
  it('names the sales people as the spec does', () => {
    const view = toOrdersPerSalesManView([
      { salesPersonId: 'sp-1', salesPersonName: 'Anna', totalOrders: 3 },
      { salesPersonId: null, salesPersonName: 'Nordic Cars', totalOrders: 1 },
    ]);
    expect(JSON.stringify(view)).toBe(
      '{"rows":[{"salesManId":"sp-1","salesMan_name":"Anna","totalorders":3},{"salesManId":null,"salesMan_name":"Nordic Cars","totalorders":1}]}',
    );
  });

  it('names style guides, QA users and tags as the spec does', () => {
    expect(JSON.stringify(toOrdersPerStyleGuideView([{ styleGuideId: 'g', styleGuideName: 'Studio', totalOrders: 2 }]))).toBe(
      '{"rows":[{"styleGuideId":"g","style_guide_name":"Studio","total_orders":2}]}',
    );
    expect(JSON.stringify(toQaActivitiesView([{ userId: 'u', displayName: 'Eve', role: 'QA_EDITOR', totalOrders: 4 }], [{ tagId: 't', tagName: 'Crop', totalOrders: 1 }], 12.5))).toBe(
      '{"users":[{"userId":"u","user_displayName":"Eve","role":"QA_EDITOR","totalorders":4}],"tags":[{"tagId":"t","tags_name":"Crop","totalorderswithevents":1}],"averageMinutesPerOrder":12.5}',
    );
  });

  it('puts the month ratio and the inactive users out in their wire shape', () => {
    expect(JSON.stringify(toImageRatioView({ month: '2026-10', steps: [{ percentage: 0, orders: 2 }], ordersWithImages: 2, totalOrders: 5 }))).toBe(
      '{"month":"2026-10","rows":[{"percentage":0,"total_orders":2}],"ordersWithImages":2,"total_orders":5}',
    );
    const signedIn = new Date('2026-11-01T10:00:00.000Z');
    expect(
      toInactiveUsersView([{ userId: 'a', displayName: 'Old Motors', email: 'o@example.com', userRole: 'Dealership', lastSignInAt: signedIn, lastOrderAt: null }], 1),
    ).toEqual({ results: [{ userId: 'a', displayName: 'Old Motors', email: 'o@example.com', userRole: 'Dealership', lastSignInAt: '2026-11-01T10:00:00.000Z', lastOrderAt: null }], count: 1 });
  });
});
