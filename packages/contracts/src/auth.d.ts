import { z } from 'zod';
export declare const signUpBodySchema: z.ZodObject<{
    user: z.ZodObject<{
        first_name: z.ZodString;
        last_name: z.ZodString;
        email: z.ZodPipe<z.ZodString, z.ZodEmail>;
        phone: z.ZodString;
        company_name: z.ZodDefault<z.ZodOptional<z.ZodString>>;
        address1: z.ZodString;
        address2: z.ZodDefault<z.ZodOptional<z.ZodString>>;
        password: z.ZodString;
        password_confirmation: z.ZodString;
        latitude: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
        longitude: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
        ref: z.ZodOptional<z.ZodString>;
    }, z.core.$strip>;
}, z.core.$strip>;
export type SignUpBody = z.input<typeof signUpBodySchema>;
export declare const signInBodySchema: z.ZodObject<{
    auth: z.ZodObject<{
        email: z.ZodPipe<z.ZodString, z.ZodEmail>;
        password: z.ZodString;
    }, z.core.$strip>;
}, z.core.$strip>;
export type SignInBody = z.input<typeof signInBodySchema>;
/** The signed-in user as the storefront keeps it (spec: ordering-payments §3 User). */
export declare const sessionUserSchema: z.ZodObject<{
    id: z.ZodNumber;
    first_name: z.ZodString;
    last_name: z.ZodString;
    email: z.ZodString;
    confirmed: z.ZodBoolean;
    role: z.ZodEnum<{
        customer: "customer";
        staff: "staff";
    }>;
    admin_token: z.ZodNullable<z.ZodString>;
}, z.core.$strip>;
export type SessionUser = z.infer<typeof sessionUserSchema>;
export declare const signInResponseSchema: z.ZodObject<{
    jwt: z.ZodString;
    user: z.ZodObject<{
        id: z.ZodNumber;
        first_name: z.ZodString;
        last_name: z.ZodString;
        email: z.ZodString;
        confirmed: z.ZodBoolean;
        role: z.ZodEnum<{
            customer: "customer";
            staff: "staff";
        }>;
        admin_token: z.ZodNullable<z.ZodString>;
    }, z.core.$strip>;
}, z.core.$strip>;
export type SignInResponse = z.infer<typeof signInResponseSchema>;
export declare const signUpResponseSchema: z.ZodObject<{
    user: z.ZodObject<{
        id: z.ZodNumber;
        first_name: z.ZodString;
        last_name: z.ZodString;
        email: z.ZodString;
        confirmed: z.ZodBoolean;
        role: z.ZodEnum<{
            customer: "customer";
            staff: "staff";
        }>;
        admin_token: z.ZodNullable<z.ZodString>;
    }, z.core.$strip>;
}, z.core.$strip>;
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;
/** Full profile (spec: browse-account-orders §3 User / account). Group-order times are epoch seconds. */
export declare const profileSchema: z.ZodObject<{
    id: z.ZodNumber;
    first_name: z.ZodString;
    last_name: z.ZodString;
    email: z.ZodString;
    confirmed: z.ZodBoolean;
    role: z.ZodEnum<{
        customer: "customer";
        staff: "staff";
    }>;
    admin_token: z.ZodNullable<z.ZodString>;
    phone: z.ZodString;
    company_name: z.ZodString;
    address1: z.ZodString;
    address2: z.ZodString;
    city: z.ZodString;
    province: z.ZodString;
    zip: z.ZodString;
    country: z.ZodEnum<{
        CA: "CA";
        US: "US";
    }>;
    latitude: z.ZodNullable<z.ZodNumber>;
    longitude: z.ZodNullable<z.ZodNumber>;
    about_me: z.ZodString;
    default_delivery_instructions: z.ZodString;
    favorite_cousine_types: z.ZodArray<z.ZodString>;
    dietary_types: z.ZodArray<z.ZodString>;
    go_name: z.ZodString;
    go_head_count: z.ZodNumber;
    go_budget_cents: z.ZodNumber;
    go_gap_days: z.ZodNumber;
    go_cutoff_time: z.ZodNumber;
    go_delivery_time: z.ZodNumber;
}, z.core.$strip>;
export type Profile = z.infer<typeof profileSchema>;
export declare const currentUserResponseSchema: z.ZodObject<{
    user: z.ZodObject<{
        id: z.ZodNumber;
        first_name: z.ZodString;
        last_name: z.ZodString;
        email: z.ZodString;
        confirmed: z.ZodBoolean;
        role: z.ZodEnum<{
            customer: "customer";
            staff: "staff";
        }>;
        admin_token: z.ZodNullable<z.ZodString>;
        phone: z.ZodString;
        company_name: z.ZodString;
        address1: z.ZodString;
        address2: z.ZodString;
        city: z.ZodString;
        province: z.ZodString;
        zip: z.ZodString;
        country: z.ZodEnum<{
            CA: "CA";
            US: "US";
        }>;
        latitude: z.ZodNullable<z.ZodNumber>;
        longitude: z.ZodNullable<z.ZodNumber>;
        about_me: z.ZodString;
        default_delivery_instructions: z.ZodString;
        favorite_cousine_types: z.ZodArray<z.ZodString>;
        dietary_types: z.ZodArray<z.ZodString>;
        go_name: z.ZodString;
        go_head_count: z.ZodNumber;
        go_budget_cents: z.ZodNumber;
        go_gap_days: z.ZodNumber;
        go_cutoff_time: z.ZodNumber;
        go_delivery_time: z.ZodNumber;
    }, z.core.$strip>;
}, z.core.$strip>;
export declare const tokenExchangeResponseSchema: z.ZodObject<{
    jwt: z.ZodString;
    user: z.ZodObject<{
        id: z.ZodNumber;
        first_name: z.ZodString;
        last_name: z.ZodString;
        email: z.ZodString;
        confirmed: z.ZodBoolean;
        role: z.ZodEnum<{
            customer: "customer";
            staff: "staff";
        }>;
        admin_token: z.ZodNullable<z.ZodString>;
    }, z.core.$strip>;
}, z.core.$strip>;
export declare const sessionStatusResponseSchema: z.ZodObject<{
    active: z.ZodLiteral<true>;
    expires_at: z.ZodString;
    idle_expires_at: z.ZodString;
}, z.core.$strip>;
export declare const passwordResetRequestBodySchema: z.ZodObject<{
    user: z.ZodObject<{
        email: z.ZodPipe<z.ZodString, z.ZodEmail>;
    }, z.core.$strip>;
}, z.core.$strip>;
export declare const resendConfirmationBodySchema: z.ZodObject<{
    user: z.ZodObject<{
        email: z.ZodPipe<z.ZodString, z.ZodEmail>;
    }, z.core.$strip>;
}, z.core.$strip>;
export declare const passwordResetBodySchema: z.ZodObject<{
    user: z.ZodObject<{
        reset_password_token: z.ZodString;
        password: z.ZodString;
        password_confirmation: z.ZodString;
    }, z.core.$strip>;
}, z.core.$strip>;
export type PasswordResetBody = z.input<typeof passwordResetBodySchema>;
export declare const confirmationQuerySchema: z.ZodObject<{
    confirmation_token: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
