import { z } from 'zod';
/** Single failure: { error: "message" } (spec: browse-account-orders §8). */
export declare const errorBodySchema: z.ZodObject<{
    error: z.ZodString;
}, z.core.$strip>;
/** Validation failure: { messages: [...] } with error holding them joined by commas. */
export declare const messagesBodySchema: z.ZodObject<{
    error: z.ZodString;
    messages: z.ZodArray<z.ZodString>;
}, z.core.$strip>;
export type ErrorBody = z.infer<typeof errorBodySchema>;
export type MessagesBody = z.infer<typeof messagesBodySchema>;
export declare const okBodySchema: z.ZodObject<{
    message: z.ZodString;
}, z.core.$strip>;
export declare const idParamsSchema: z.ZodObject<{
    id: z.ZodCoercedNumber<unknown>;
}, z.core.$strip>;
/** Standard error responses to list in route schemas. */
export declare const errorResponses: {
    readonly 400: z.ZodObject<{
        error: z.ZodString;
    }, z.core.$strip>;
    readonly 401: z.ZodObject<{
        error: z.ZodString;
    }, z.core.$strip>;
    readonly 403: z.ZodObject<{
        error: z.ZodString;
    }, z.core.$strip>;
    readonly 404: z.ZodObject<{
        error: z.ZodString;
    }, z.core.$strip>;
    readonly 409: z.ZodObject<{
        error: z.ZodString;
    }, z.core.$strip>;
    readonly 422: z.ZodObject<{
        error: z.ZodString;
        messages: z.ZodArray<z.ZodString>;
    }, z.core.$strip>;
    readonly 429: z.ZodObject<{
        error: z.ZodString;
    }, z.core.$strip>;
};
