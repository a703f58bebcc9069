/**
 * An order's dates (wire-orders-members §1.3), but its line items' image expiry, which only the
 * REST answers convert: shared by the orders module and the order events.
 */
export const ORDER_DATES =
  'createdDate updatedDate purchasedDate lineItems.digitalFile.expirationDate lineItems.subscriptionInfo.subscriptionSettings.startDate lineItems.serviceProperties.scheduledDate lineItems.serviceProperties.endDate shippingInfo.logistics.deliverByDate shippingInfo.logistics.deliveryTimeSlot.from shippingInfo.logistics.deliveryTimeSlot.to activities.createdDate'
