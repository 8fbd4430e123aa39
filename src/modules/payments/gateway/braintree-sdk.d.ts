/**
 * The part of the braintree 3.40 SDK this project calls. The package ships no types and
 * @types/braintree is not installed (stack-facts.md), so the calls are typed here, from the SDK's
 * reference (developer.paypal.com/braintree/docs/reference) and lib/braintree/*_gateway.js.
 */
declare module 'braintree' {
  interface GatewayConfig {
    environment: unknown;
    merchantId: string;
    publicKey: string;
    privateKey: string;
  }
  interface ValidationResult<T> {
    success: boolean;
    message: string;
    transaction?: T;
    customer?: T;
  }
  interface Transaction {
    id: string;
    status: string;
    paymentInstrumentType: string;
    processorResponseText?: string;
  }
  interface PaymentMethod {
    token: string;
    default: boolean;
    cardType?: string;
    last4?: string;
    email?: string;
    subscriptions?: { status: string }[];
  }
  interface Customer {
    id: string;
    paymentMethods?: PaymentMethod[];
  }
  class BraintreeGateway {
    constructor(config: GatewayConfig);
    clientToken: { generate(request: { customerId?: string }): Promise<{ success: boolean; clientToken: string; message?: string }> };
    transaction: {
      sale(request: {
        amount: string;
        paymentMethodNonce: string;
        orderId?: string;
        customerId?: string;
        merchantAccountId?: string;
        options?: { submitForSettlement?: boolean; storeInVaultOnSuccess?: boolean };
      }): Promise<ValidationResult<Transaction>>;
    };
    customer: {
      find(id: string): Promise<Customer>;
      create(request: { id: string }): Promise<ValidationResult<Customer>>;
    };
    paymentMethod: {
      find(token: string): Promise<PaymentMethod & { customerId: string }>;
      delete(token: string): Promise<unknown>;
    };
  }
  const braintree: {
    BraintreeGateway: typeof BraintreeGateway;
    Environment: { Sandbox: unknown; Production: unknown };
  };
  export default braintree;
}
