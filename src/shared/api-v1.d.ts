/**
 * The v1 API's paths and schemas as TypeScript types, for openapi-fetch's createClient<paths>().
 * Generated from GET /api/v1/openapi.json by `npm run api:types` (openapi-typescript): do not edit.
 */

export interface paths {
  '/api/v1/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** This document */
    get: operations['getOpenApiDocument'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/ads': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List your ads, newest first (any status, active or not)
     * @description Paged by cursor: up to `limit` items (50 by default, at most 200); while `nextCursor` is not null, pass it as `cursor` for the next page. Each item appears on exactly one page, even when items are added or removed between pages.
     */
    get: operations['listAds'];
    put?: never;
    /**
     * Create an ad from the same fields and files as the dashboard form
     * @description Counts towards the plan's monthly ad limit. The ad is published at once.
     */
    post: operations['createAd'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/ads/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One of your ads */
    get: operations['getAd'];
    /**
     * Replace all fields of an ad (a full replace: fields left out are cleared)
     * @description A full replace, as the dashboard form saves: every field left out is cleared and is_active returns to true; files sent replace the stored ones. To change some fields only, use PATCH. Status and featured state never change here.
     */
    put: operations['updateAd'];
    post?: never;
    /** Delete an ad and its files */
    delete: operations['deleteAd'];
    options?: never;
    head?: never;
    /**
     * Change some fields of an ad; every field left out stays as it is
     * @description JSON, or multipart form data when files are sent. In JSON, null clears location, description, website_url, phone, transcript or logo; in a form, an empty value does. The same rules and messages as creating apply to what results. Status and featured state never change here.
     */
    patch: operations['patchAd'];
    trace?: never;
  };
  '/api/v1/ads/{id}/analytics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An ad's plays, clicks, shares and QR scans over a period, by day, source and device */
    get: operations['getAdAnalytics'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/stations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List your stations, by call sign
     * @description Paged by cursor: up to `limit` items (50 by default, at most 200); while `nextCursor` is not null, pass it as `cursor` for the next page. Each item appears on exactly one page, even when items are added or removed between pages.
     */
    get: operations['listStations'];
    put?: never;
    /**
     * Register a station
     * @description The call sign is stored upper-cased and is the address of its public page, /station/{callSign}. With a stream URL the station is monitored.
     */
    post: operations['createStation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/stations/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One of your stations, with its monitor status */
    get: operations['getStation'];
    /** Replace the fields of a station (fields left out are cleared) */
    put: operations['updateStation'];
    post?: never;
    /** Delete a station and its airings */
    delete: operations['deleteStation'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/stations/{id}/logo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Replace a station's logo (an image in the logo field, as an ad's logo) */
    put: operations['setStationLogo'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/stations/{id}/airings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A station's airings, detected and reported, newest first
     * @description Paged by cursor: up to `limit` items (50 by default, at most 200); while `nextCursor` is not null, pass it as `cursor` for the next page. Each item appears on exactly one page, even when items are added or removed between pages.
     */
    get: operations['listStationAirings'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/airings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Report airings from a station's as-run log: one, or an array of up to 500
     * @description Each airing names one of your stations (call sign or id), an ad (id or slug; a published ad, or one of yours), when it started (ISO 8601 with its offset) and your own `spot_id`. Idempotent by station and `spot_id`: posting a spot again returns the airing already stored (`created: false`). The whole request is checked before anything is written: with any problem nothing is stored, and the message names the first item at fault (`airings[3]: ...`).
     */
    post: operations['reportAirings'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List your webhook endpoints */
    get: operations['listWebhooks'];
    put?: never;
    /**
     * Register a webhook endpoint; the answer carries its signing secret, shown only once
     * @description Events: ad.created, ad.updated, ad.deleted, ad.published, ad.unpublished, transcript.ready, airing.detected. Deliveries follow Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature) and are retried with backoff for about 24 hours.
     */
    post: operations['createWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhooks/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One of your webhook endpoints */
    get: operations['getWebhook'];
    put?: never;
    post?: never;
    /** Delete a webhook endpoint and its log */
    delete: operations['deleteWebhook'];
    options?: never;
    head?: never;
    /** Change the URL, the events or whether the endpoint is enabled (fields left out stay) */
    patch: operations['patchWebhook'];
    trace?: never;
  };
  '/api/v1/webhooks/{id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An endpoint's delivery log, newest attempt first (time, event, status code, duration, attempt) */
    get: operations['listWebhookDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhooks/{id}/deliveries/{deliveryId}/resend': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send a logged message again (same webhook-id and body) */
    post: operations['resendWebhookDelivery'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhooks/{id}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send a 'webhook.test' event to the endpoint */
    post: operations['testWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/identify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Which public ad a recording is (stations checking what aired)
     * @description Send a recording of up to 60 seconds from any part of an ad; it is decoded, fingerprinted and matched against every published, active ad, and not kept. `match` is set only when the best candidate aligns far above chance.
     */
    post: operations['identifyRecording'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /** @description One of your ads */
    Ad: {
      /** Format: uuid */
      id: string;
      title: string;
      /** @description The ad page is {origin}/ad/{slug} */
      slug: string;
      businessName: string;
      description: string | null;
      /** @enum {string} */
      category:
        | 'Automotive'
        | 'Finance'
        | 'Food & Dining'
        | 'Healthcare'
        | 'Real Estate'
        | 'Retail'
        | 'Services'
        | 'Technology'
        | 'Travel'
        | 'Other';
      location: string | null;
      websiteUrl: string | null;
      phone: string | null;
      /** @description Path (or URL) of the audio file */
      audioUrl: string;
      /** @description Media type of the audio file, e.g. audio/mpeg */
      audioType: string | null;
      logoUrl: string | null;
      audioDurationMs: number | null;
      /** @description 40 bars between 0 and 1 */
      waveformPeaks: number[] | null;
      status: string;
      isActive: boolean;
      isFeatured: boolean;
      /** @description What is said in the ad; null when not given */
      transcript: string | null;
      /** @description Timed lines of the transcript, in seconds, when known */
      transcriptSegments:
        | {
            start: number;
            end: number;
            text: string;
          }[]
        | null;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      /** @description With a search: why the ad matched */
      match?: {
        title:
          | {
              text: string;
              /** @enum {boolean} */
              hit?: true;
            }[]
          | null;
        snippet:
          | {
              text: string;
              /** @enum {boolean} */
              hit?: true;
            }[]
          | null;
        snippetFrom: ('transcript' | 'description' | 'phone') | null;
      };
      /** @description On the ad page: its latest airings, newest first */
      airedOn?: {
        callSign: string;
        stationName: string;
        timeZone: string;
        /** Format: date-time */
        startedAt: string;
        /** @description When it aired, in the station's time zone: 'Tue 8:14 AM' */
        localTime: string;
      }[];
      userId: string;
      /** @description Automatic transcription of the current audio; null when it was uploaded while this server's transcription was off */
      transcription: {
        /** @enum {string} */
        status: 'off' | 'pending' | 'running' | 'done' | 'failed' | 'kept';
        /** @description Why it failed, when it did */
        error: string | null;
        updatedAt: string | null;
      } | null;
    };
    /** @description An owner's figures over a period */
    AnalyticsSummary: {
      /** @enum {string} */
      period: '7d' | '30d' | '90d' | 'all';
      /** @description First UTC day shown: the period's, or the first ad's creation if later (null: no ads, no events) */
      from: string | null;
      /**
       * Format: date
       * @description Last UTC day of the period
       */
      to: string;
      totals: {
        plays: number;
        clicks: number;
        shares: number;
        qrScans: number;
        /** @description Distinct listeners who played, counted per ad and UTC day (the listener code changes daily) */
        listeners: number;
        ads: number;
        activeAds: number;
      };
      /** @description Every day from `from` to `to`, zero-filled */
      daily: {
        /**
         * Format: date
         * @description UTC day, YYYY-MM-DD
         */
        day: string;
        play: number;
        click: number;
        share: number;
        qr_scan: number;
      }[];
      /** @description Events by source: direct, qr, embed, share, listen (found by sound), or the host of a referring site */
      sources: {
        source: string;
        events: number;
      }[];
      devices: {
        /** @enum {string} */
        device: 'desktop' | 'mobile' | 'tablet';
        events: number;
      }[];
      ads: {
        plays: number;
        clicks: number;
        shares: number;
        qrScans: number;
        /** @description Distinct listeners who played, counted per ad and UTC day (the listener code changes daily) */
        listeners: number;
        /** Format: uuid */
        id: string;
        title: string;
        slug: string;
        isActive: boolean;
      }[];
      /** @description The same figures over the period of equal length just before `from` (null for all time), for the change */
      previous: {
        plays: number;
        clicks: number;
        shares: number;
        qrScans: number;
        /** @description Distinct listeners who played, counted per ad and UTC day (the listener code changes daily) */
        listeners: number;
      } | null;
    };
    /** @description Every error answer: a stable code beside a readable message */
    Error: {
      statusCode: number;
      /** @enum {string} */
      code:
        | 'VALIDATION_FAILED'
        | 'UNAUTHORIZED'
        | 'INVALID_CREDENTIALS'
        | 'EMAIL_NOT_VERIFIED'
        | 'FORBIDDEN'
        | 'PLAN_LIMIT_REACHED'
        | 'API_KEY_LIMIT_REACHED'
        | 'NOT_FOUND'
        | 'AD_REMOVED'
        | 'CONFLICT'
        | 'IDEMPOTENCY_KEY_REUSED'
        | 'IDEMPOTENCY_KEY_IN_USE'
        | 'USER_EXISTS'
        | 'COMMON_PASSWORD'
        | 'PAYLOAD_TOO_LARGE'
        | 'UNSUPPORTED_MEDIA_TYPE'
        | 'REQUEST_TIMEOUT'
        | 'RATE_LIMITED'
        | 'INTERNAL'
        | 'NOT_IMPLEMENTED'
        | 'MAIL_FAILED'
        | 'UNAVAILABLE';
      /** @description The status's name, e.g. 'Not Found' */
      error: string;
      /** @description What went wrong, in words a person can read */
      message: string;
      /** @description Seconds to wait before trying again (also sent as Retry-After), when there is a wait */
      retryAfter?: number;
      /** @description On a failure of the server (5xx): the request id, also sent as X-Request-Id, to quote when reporting it */
      reference?: string;
    };
    AdCreateForm: {
      title: string;
      business_name: string;
      /** @enum {string} */
      category:
        | 'Automotive'
        | 'Finance'
        | 'Food & Dining'
        | 'Healthcare'
        | 'Real Estate'
        | 'Retail'
        | 'Services'
        | 'Technology'
        | 'Travel'
        | 'Other';
      location?: string;
      description?: string;
      website_url?: string | null;
      phone?: string;
      /** @default true */
      is_active?: boolean | ('true' | 'false');
      /** @default false */
      remove_logo?: boolean | ('true' | 'false');
      transcript?: string;
      transcript_segments?:
        | {
            start: number;
            end: number;
            text: string;
          }[]
        | string;
      /**
       * Format: binary
       * @description MP3, AAC (M4A), WAV, FLAC, Ogg Vorbis or Ogg Opus, at most 10 MB and 5 minutes
       */
      audio: string;
      /**
       * Format: binary
       * @description PNG, JPEG, WebP or GIF, at most 5 MB; optional
       */
      logo?: string;
    };
    AdUpdateForm: {
      title: string;
      business_name: string;
      /** @enum {string} */
      category:
        | 'Automotive'
        | 'Finance'
        | 'Food & Dining'
        | 'Healthcare'
        | 'Real Estate'
        | 'Retail'
        | 'Services'
        | 'Technology'
        | 'Travel'
        | 'Other';
      location?: string;
      description?: string;
      website_url?: string | null;
      phone?: string;
      /** @default true */
      is_active?: boolean | ('true' | 'false');
      /** @default false */
      remove_logo?: boolean | ('true' | 'false');
      transcript?: string;
      transcript_segments?:
        | {
            start: number;
            end: number;
            text: string;
          }[]
        | string;
      /**
       * Format: binary
       * @description MP3, AAC (M4A), WAV, FLAC, Ogg Vorbis or Ogg Opus, at most 10 MB and 5 minutes; omit to keep the current one
       */
      audio?: string;
      /**
       * Format: binary
       * @description PNG, JPEG, WebP or GIF, at most 5 MB; optional
       */
      logo?: string;
    };
    AdPatchForm: {
      title?: string;
      business_name?: string;
      /** @enum {string} */
      category?:
        | 'Automotive'
        | 'Finance'
        | 'Food & Dining'
        | 'Healthcare'
        | 'Real Estate'
        | 'Retail'
        | 'Services'
        | 'Technology'
        | 'Travel'
        | 'Other';
      location?: string | null;
      description?: string | null;
      website_url?: string | null;
      phone?: string | null;
      /** @default true */
      is_active?: boolean | ('true' | 'false');
      /** @default false */
      remove_logo?: boolean | ('true' | 'false');
      transcript?: string | null;
      transcript_segments?:
        | {
            start: number;
            end: number;
            text: string;
          }[]
        | string;
      /**
       * Format: binary
       * @description MP3, AAC (M4A), WAV, FLAC, Ogg Vorbis or Ogg Opus, at most 10 MB and 5 minutes; omit to keep the current one
       */
      audio?: string;
      /** @description A new logo; null (JSON) removes the current one */
      logo?: string | null;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  getOpenApiDocument: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  listAds: {
    parameters: {
      query?: {
        /** @description Items in the page: 1 to 200, 50 when left out */
        limit?: number;
        /** @description The previous page's nextCursor, unchanged (opaque); left out for the first page */
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of your ads */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            ads: {
              /** Format: uuid */
              id: string;
              title: string;
              /** @description The ad page is {origin}/ad/{slug} */
              slug: string;
              businessName: string;
              description: string | null;
              /** @enum {string} */
              category:
                | 'Automotive'
                | 'Finance'
                | 'Food & Dining'
                | 'Healthcare'
                | 'Real Estate'
                | 'Retail'
                | 'Services'
                | 'Technology'
                | 'Travel'
                | 'Other';
              location: string | null;
              websiteUrl: string | null;
              phone: string | null;
              /** @description Path (or URL) of the audio file */
              audioUrl: string;
              /** @description Media type of the audio file, e.g. audio/mpeg */
              audioType: string | null;
              logoUrl: string | null;
              audioDurationMs: number | null;
              /** @description 40 bars between 0 and 1 */
              waveformPeaks: number[] | null;
              status: string;
              isActive: boolean;
              isFeatured: boolean;
              /** @description What is said in the ad; null when not given */
              transcript: string | null;
              /** @description Timed lines of the transcript, in seconds, when known */
              transcriptSegments:
                | {
                    start: number;
                    end: number;
                    text: string;
                  }[]
                | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              /** @description With a search: why the ad matched */
              match?: {
                title:
                  | {
                      text: string;
                      /** @enum {boolean} */
                      hit?: true;
                    }[]
                  | null;
                snippet:
                  | {
                      text: string;
                      /** @enum {boolean} */
                      hit?: true;
                    }[]
                  | null;
                snippetFrom: ('transcript' | 'description' | 'phone') | null;
              };
              /** @description On the ad page: its latest airings, newest first */
              airedOn?: {
                callSign: string;
                stationName: string;
                timeZone: string;
                /** Format: date-time */
                startedAt: string;
                /** @description When it aired, in the station's time zone: 'Tue 8:14 AM' */
                localTime: string;
              }[];
              userId: string;
              /** @description Automatic transcription of the current audio; null when it was uploaded while this server's transcription was off */
              transcription: {
                /** @enum {string} */
                status: 'off' | 'pending' | 'running' | 'done' | 'failed' | 'kept';
                /** @description Why it failed, when it did */
                error: string | null;
                updatedAt: string | null;
              } | null;
            }[];
            /** @description The number of ads in this page */
            count: number;
            /** @description Pass as cursor to get the next page; null on the last page */
            nextCursor: string | null;
          };
        };
      };
      /** @description limit out of range ('limit must be a whole number from 1 to 200') or a cursor this list did not give ('Invalid cursor: ...') */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, malformed or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description More than 120 requests in a minute with this key */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createAd: {
    parameters: {
      query?: never;
      header?: {
        /** @description Any unique text of 1 to 255 visible ASCII characters (else 400). A retry with the same key and the same request gets the first answer again, marked Idempotent-Replayed: true, and does nothing twice; keys are kept 24 hours. */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'multipart/form-data': components['schemas']['AdCreateForm'];
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Ad'];
        };
      };
      /** @description Invalid field (the message names it, e.g. 'Title must be at least 3 characters'), missing audio, or audio that does not decode, is longer than 5 minutes or has more samples than 5 minutes of stereo 48 kHz audio */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, malformed or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The plan's monthly limit is reached ('You have reached your ad creation limit for this month') */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A request with the same Idempotency-Key is still being processed ('A request with this Idempotency-Key is still being processed. Try again in a moment.') */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A file is over its limit ('File size exceeds 10MB limit.') */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A file is not what its field needs ('Invalid file type. Please select a audio file.') */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The Idempotency-Key was already used with a different request ('This Idempotency-Key was already used with a different request. Use a new key for a new request (keys are kept 24 hours).') */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description More than 120 requests in a minute with this key, more than 30 ads created or updated in an hour, or this account's other audio still being processed (Retry-After) */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The audio workers are busy ('Too many audio files are being processed right now. Please try again in a few seconds.'; Retry-After) */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAd: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Ad'];
        };
      };
      /** @description Missing, malformed or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such ad among the key owner's ads (someone else's ad answers the same) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description More than 120 requests in a minute with this key */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateAd: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'multipart/form-data': components['schemas']['AdUpdateForm'];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Ad'];
        };
      };
      /** @description Invalid field (the message names it, e.g. 'Title must be at least 3 characters'), missing audio, or audio that does not decode, is longer than 5 minutes or has more samples than 5 minutes of stereo 48 kHz audio */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, malformed or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such ad among the key owner's ads (someone else's ad answers the same) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A file is over its limit ('File size exceeds 10MB limit.') */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A file is not what its field needs ('Invalid file type. Please select a audio file.') */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description More than 120 requests in a minute with this key, more than 30 ads created or updated in an hour, or this account's other audio still being processed (Retry-After) */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The audio workers are busy ('Too many audio files are being processed right now. Please try again in a few seconds.'; Retry-After) */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteAd: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Missing, malformed or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such ad among the key owner's ads (someone else's ad answers the same) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description More than 120 requests in a minute with this key */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  patchAd: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AdPatchForm'];
        'multipart/form-data': components['schemas']['AdPatchForm'];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Ad'];
        };
      };
      /** @description Invalid field (the message names it, e.g. 'Title must be at least 3 characters'), missing audio, or audio that does not decode, is longer than 5 minutes or has more samples than 5 minutes of stereo 48 kHz audio */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, malformed or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such ad among the key owner's ads (someone else's ad answers the same) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A file is over its limit ('File size exceeds 10MB limit.') */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A file is not what its field needs ('Invalid file type. Please select a audio file.') */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description More than 120 requests in a minute with this key, more than 30 ads created or updated in an hour, or this account's other audio still being processed (Retry-After) */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The audio workers are busy ('Too many audio files are being processed right now. Please try again in a few seconds.'; Retry-After) */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdAnalytics: {
    parameters: {
      query?: {
        period?: '7d' | '30d' | '90d' | 'all';
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AnalyticsSummary'];
        };
      };
      /** @description Unknown period */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, malformed or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such ad among the key owner's ads (someone else's ad answers the same) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description More than 120 requests in a minute with this key */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listStations: {
    parameters: {
      query?: {
        /** @description Items in the page: 1 to 200, 50 when left out */
        limit?: number;
        /** @description The previous page's nextCursor, unchanged (opaque); left out for the first page */
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            stations: {
              /** Format: uuid */
              id: string;
              callSign: string;
              name: string;
              frequency: string | null;
              city: string | null;
              timeZone: string;
              logoUrl: string | null;
              streamUrl: string | null;
              /**
               * @description 'live' while its stream is heard, 'offline' when it cannot be, 'idle' without a stream
               * @enum {string}
               */
              monitorStatus: 'idle' | 'live' | 'offline';
              offlineSince: string | null;
              lastHeardAt: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            }[];
            /** @description Pass as cursor to get the next page; null on the last page */
            nextCursor: string | null;
          };
        };
      };
      /** @description limit out of range ('limit must be a whole number from 1 to 200') or a cursor this list did not give ('Invalid cursor: ...') */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, malformed or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description More than 120 requests in a minute with this key */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createStation: {
    parameters: {
      query?: never;
      header?: {
        /** @description Any unique text of 1 to 255 visible ASCII characters (else 400). A retry with the same key and the same request gets the first answer again, marked Idempotent-Replayed: true, and does nothing twice; keys are kept 24 hours. */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          callSign: string;
          name: string;
          frequency?: string | null;
          city?: string | null;
          timeZone: string;
          streamUrl?: ('' | string) | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            callSign: string;
            name: string;
            frequency: string | null;
            city: string | null;
            timeZone: string;
            logoUrl: string | null;
            streamUrl: string | null;
            /**
             * @description 'live' while its stream is heard, 'offline' when it cannot be, 'idle' without a stream
             * @enum {string}
             */
            monitorStatus: 'idle' | 'live' | 'offline';
            offlineSince: string | null;
            lastHeardAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
          };
        };
      };
      /** @description Invalid field (e.g. 'Time zone must be an IANA time zone such as America/Chicago') */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, malformed or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The call sign is taken ('A station with this call sign is already registered'); or a request with the same Idempotency-Key is still being processed ('A request with this Idempotency-Key is still being processed. Try again in a moment.') */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The Idempotency-Key was already used with a different request ('This Idempotency-Key was already used with a different request. Use a new key for a new request (keys are kept 24 hours).') */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description More than 120 requests in a minute with this key */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getStation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            callSign: string;
            name: string;
            frequency: string | null;
            city: string | null;
            timeZone: string;
            logoUrl: string | null;
            streamUrl: string | null;
            /**
             * @description 'live' while its stream is heard, 'offline' when it cannot be, 'idle' without a stream
             * @enum {string}
             */
            monitorStatus: 'idle' | 'live' | 'offline';
            offlineSince: string | null;
            lastHeardAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
          };
        };
      };
      /** @description Missing, malformed or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such station among the key owner's stations (someone else's answers the same) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description More than 120 requests in a minute with this key */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateStation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          callSign: string;
          name: string;
          frequency?: string | null;
          city?: string | null;
          timeZone: string;
          streamUrl?: ('' | string) | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            callSign: string;
            name: string;
            frequency: string | null;
            city: string | null;
            timeZone: string;
            logoUrl: string | null;
            streamUrl: string | null;
            /**
             * @description 'live' while its stream is heard, 'offline' when it cannot be, 'idle' without a stream
             * @enum {string}
             */
            monitorStatus: 'idle' | 'live' | 'offline';
            offlineSince: string | null;
            lastHeardAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
          };
        };
      };
      /** @description Invalid field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, malformed or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such station among the key owner's stations (someone else's answers the same) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The call sign is taken ('A station with this call sign is already registered') */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description More than 120 requests in a minute with this key */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteStation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Missing, malformed or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such station among the key owner's stations (someone else's answers the same) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description More than 120 requests in a minute with this key */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  setStationLogo: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            callSign: string;
            name: string;
            frequency: string | null;
            city: string | null;
            timeZone: string;
            logoUrl: string | null;
            streamUrl: string | null;
            /**
             * @description 'live' while its stream is heard, 'offline' when it cannot be, 'idle' without a stream
             * @enum {string}
             */
            monitorStatus: 'idle' | 'live' | 'offline';
            offlineSince: string | null;
            lastHeardAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
          };
        };
      };
      /** @description No image in the logo field, or an image too large in pixels */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, malformed or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such station among the key owner's stations (someone else's answers the same) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The logo is over its limit ('File size exceeds 5MB limit.') */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an image ('Invalid file type. Please select a image file.') */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description More than 120 requests in a minute with this key */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listStationAirings: {
    parameters: {
      query?: {
        /** @description Items in the page: 1 to 200, 50 when left out */
        limit?: number;
        /** @description The previous page's nextCursor, unchanged (opaque); left out for the first page */
        cursor?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            airings: {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              stationId: string;
              callSign: string;
              stationName: string;
              timeZone: string;
              /** Format: uuid */
              adId: string;
              adSlug: string;
              adTitle: string;
              /** Format: date-time */
              startedAt: string;
              heardMs: number;
              partial: boolean;
              /** @enum {string} */
              source: 'detected' | 'reported';
              confidence: number | null;
              spotId: string | null;
            }[];
            /** @description Pass as cursor to get the next page; null on the last page */
            nextCursor: string | null;
          };
        };
      };
      /** @description limit out of range ('limit must be a whole number from 1 to 200') or a cursor this list did not give ('Invalid cursor: ...') */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, malformed or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such station among the key owner's stations (someone else's answers the same) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description More than 120 requests in a minute with this key */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  reportAirings: {
    parameters: {
      query?: never;
      header?: {
        /** @description Any unique text of 1 to 255 visible ASCII characters (else 400). A retry with the same key and the same request gets the first answer again, marked Idempotent-Replayed: true, and does nothing twice; keys are kept 24 hours. */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json':
          | {
              /** @description The station’s call sign or id */
              station: string;
              /** @description The ad’s id or slug */
              ad: string;
              /** Format: date-time */
              started_at: string;
              /** @description How long it ran; the ad’s own length when left out */
              heard_seconds?: number;
              partial?: boolean;
              spot_id: string;
            }
          | {
              /** @description The station’s call sign or id */
              station: string;
              /** @description The ad’s id or slug */
              ad: string;
              /** Format: date-time */
              started_at: string;
              /** @description How long it ran; the ad’s own length when left out */
              heard_seconds?: number;
              partial?: boolean;
              spot_id: string;
            }[];
      };
    };
    responses: {
      /** @description Every airing was already stored */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            airings: {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              stationId: string;
              callSign: string;
              stationName: string;
              timeZone: string;
              /** Format: uuid */
              adId: string;
              adSlug: string;
              adTitle: string;
              /** Format: date-time */
              startedAt: string;
              heardMs: number;
              partial: boolean;
              /** @enum {string} */
              source: 'detected' | 'reported';
              confidence: number | null;
              spotId: string | null;
              /** @description false: an earlier post of this spot_id */
              created: boolean;
            }[];
            created: number;
          };
        };
      };
      /** @description At least one airing was stored */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            airings: {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              stationId: string;
              callSign: string;
              stationName: string;
              timeZone: string;
              /** Format: uuid */
              adId: string;
              adSlug: string;
              adTitle: string;
              /** Format: date-time */
              startedAt: string;
              heardMs: number;
              partial: boolean;
              /** @enum {string} */
              source: 'detected' | 'reported';
              confidence: number | null;
              spotId: string | null;
              /** @description false: an earlier post of this spot_id */
              created: boolean;
            }[];
            created: number;
          };
        };
      };
      /** @description A field is missing or invalid (e.g. 'started_at must be an ISO 8601 time with its offset, e.g. 2026-11-27T08:14:00-06:00'), or more than 500 airings */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, malformed or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description An item names a station that is not one of yours ('No such station among yours'; someone else's answers the same) or an ad that does not exist ('No such ad (give its id or its slug)') */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A request with the same Idempotency-Key is still being processed ('A request with this Idempotency-Key is still being processed. Try again in a moment.') */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The Idempotency-Key was already used with a different request ('This Idempotency-Key was already used with a different request. Use a new key for a new request (keys are kept 24 hours).') */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description More than 120 requests in a minute with this key */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listWebhooks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            endpoints: {
              /** Format: uuid */
              id: string;
              url: string;
              events: (
                | 'ad.created'
                | 'ad.updated'
                | 'ad.deleted'
                | 'ad.published'
                | 'ad.unpublished'
                | 'transcript.ready'
                | 'airing.detected'
              )[];
              enabled: boolean;
              failingSince: string | null;
              disabledAt: string | null;
              /** Format: date-time */
              createdAt: string;
            }[];
          };
        };
      };
      /** @description Missing, malformed or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description More than 120 requests in a minute with this key */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createWebhook: {
    parameters: {
      query?: never;
      header?: {
        /** @description Any unique text of 1 to 255 visible ASCII characters (else 400). A retry with the same key and the same request gets the first answer again, marked Idempotent-Replayed: true, and does nothing twice; keys are kept 24 hours. */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          url: string;
          events: (
            | 'ad.created'
            | 'ad.updated'
            | 'ad.deleted'
            | 'ad.published'
            | 'ad.unpublished'
            | 'transcript.ready'
            | 'airing.detected'
          )[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            url: string;
            events: (
              | 'ad.created'
              | 'ad.updated'
              | 'ad.deleted'
              | 'ad.published'
              | 'ad.unpublished'
              | 'transcript.ready'
              | 'airing.detected'
            )[];
            enabled: boolean;
            failingSince: string | null;
            disabledAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** @description The signing secret ('whsec_' + base64), shown only now */
            secret: string;
          };
        };
      };
      /** @description A field is missing or invalid (an URL that is not http(s), no event, an unknown event) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, malformed or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description You can have at most 10 webhook endpoints. Delete one to add another. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A request with the same Idempotency-Key is still being processed ('A request with this Idempotency-Key is still being processed. Try again in a moment.') */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The URL resolves to a private, loopback or link-local address, or does not resolve; or the Idempotency-Key was already used with a different request ('This Idempotency-Key was already used with a different request. Use a new key for a new request (keys are kept 24 hours).') */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description More than 120 requests in a minute with this key */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            url: string;
            events: (
              | 'ad.created'
              | 'ad.updated'
              | 'ad.deleted'
              | 'ad.published'
              | 'ad.unpublished'
              | 'transcript.ready'
              | 'airing.detected'
            )[];
            enabled: boolean;
            failingSince: string | null;
            disabledAt: string | null;
            /** Format: date-time */
            createdAt: string;
          };
        };
      };
      /** @description Missing, malformed or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such endpoint among yours (someone else's answers the same) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description More than 120 requests in a minute with this key */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Missing, malformed or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such endpoint among yours (someone else's answers the same) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description More than 120 requests in a minute with this key */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  patchWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          url?: string;
          events?: (
            | 'ad.created'
            | 'ad.updated'
            | 'ad.deleted'
            | 'ad.published'
            | 'ad.unpublished'
            | 'transcript.ready'
            | 'airing.detected'
          )[];
          enabled?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            url: string;
            events: (
              | 'ad.created'
              | 'ad.updated'
              | 'ad.deleted'
              | 'ad.published'
              | 'ad.unpublished'
              | 'transcript.ready'
              | 'airing.detected'
            )[];
            enabled: boolean;
            failingSince: string | null;
            disabledAt: string | null;
            /** Format: date-time */
            createdAt: string;
          };
        };
      };
      /** @description A field is missing or invalid (an URL that is not http(s), no event, an unknown event) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, malformed or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such endpoint among yours (someone else's answers the same) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The URL resolves to a private, loopback or link-local address, or does not resolve */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description More than 120 requests in a minute with this key */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: {
        /** @description Items in the page: 1 to 200, 50 when left out */
        limit?: number;
        /** @description The previous page's nextCursor, unchanged (opaque); left out for the first page */
        cursor?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            deliveries: {
              /** Format: uuid */
              id: string;
              msgId: string;
              eventType: string;
              attempt: number;
              statusCode: number | null;
              durationMs: number | null;
              ok: boolean;
              error: string | null;
              responseExcerpt: string | null;
              /** Format: date-time */
              attemptedAt: string;
              nextAttemptAt: string | null;
            }[];
            /** @description Pass as cursor to get the next page; null on the last page */
            nextCursor: string | null;
          };
        };
      };
      /** @description Missing, malformed or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such endpoint among yours (someone else's answers the same) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description More than 120 requests in a minute with this key */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  resendWebhookDelivery: {
    parameters: {
      query?: never;
      header?: {
        /** @description Any unique text of 1 to 255 visible ASCII characters (else 400). A retry with the same key and the same request gets the first answer again, marked Idempotent-Replayed: true, and does nothing twice; keys are kept 24 hours. */
        'Idempotency-Key'?: string;
      };
      path: {
        id: string;
        deliveryId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            queued: true;
          };
        };
      };
      /** @description Missing, malformed or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such endpoint among yours (someone else's answers the same) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A request with the same Idempotency-Key is still being processed ('A request with this Idempotency-Key is still being processed. Try again in a moment.') */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The Idempotency-Key was already used with a different request ('This Idempotency-Key was already used with a different request. Use a new key for a new request (keys are kept 24 hours).') */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description More than 120 requests in a minute with this key */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  testWebhook: {
    parameters: {
      query?: never;
      header?: {
        /** @description Any unique text of 1 to 255 visible ASCII characters (else 400). A retry with the same key and the same request gets the first answer again, marked Idempotent-Replayed: true, and does nothing twice; keys are kept 24 hours. */
        'Idempotency-Key'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            queued: true;
          };
        };
      };
      /** @description Missing, malformed or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such endpoint among yours (someone else's answers the same) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A request with the same Idempotency-Key is still being processed ('A request with this Idempotency-Key is still being processed. Try again in a moment.') */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The Idempotency-Key was already used with a different request ('This Idempotency-Key was already used with a different request. Use a new key for a new request (keys are kept 24 hours).') */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description More than 120 requests in a minute with this key */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  identifyRecording: {
    parameters: {
      query?: never;
      header?: {
        /** @description Any unique text of 1 to 255 visible ASCII characters (else 400). A retry with the same key and the same request gets the first answer again, marked Idempotent-Replayed: true, and does nothing twice; keys are kept 24 hours. */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    /** @description A recording to identify */
    requestBody: {
      content: {
        'multipart/form-data': {
          /**
           * Format: binary
           * @description The recording: MP3, AAC (M4A), WAV, FLAC, Ogg Vorbis or Ogg Opus, at most 10 MB and 60 seconds
           */
          file: string;
        };
      };
    };
    responses: {
      /** @description What the recording sounds like */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description The ad heard, when the best candidate is a confident match; otherwise null */
            match: {
              /** @description The ad page is {origin}/ad/{slug} */
              slug: string;
              title: string;
              businessName: string;
              /** @enum {string} */
              category:
                | 'Automotive'
                | 'Finance'
                | 'Food & Dining'
                | 'Healthcare'
                | 'Real Estate'
                | 'Retail'
                | 'Services'
                | 'Technology'
                | 'Travel'
                | 'Other';
              logoUrl: string | null;
              /** @description How far the alignment clears the confidence test (many landmarks, across the recording, well ahead of other ads), 0 to 1; a match from 0.5 */
              confidence: number;
              /** @description Where in the ad's audio the recording starts, in seconds */
              offsetSeconds: number;
            } | null;
            /** @description The best-aligned ads, best first (at most 5) */
            candidates: {
              /** @description The ad page is {origin}/ad/{slug} */
              slug: string;
              title: string;
              businessName: string;
              /** @enum {string} */
              category:
                | 'Automotive'
                | 'Finance'
                | 'Food & Dining'
                | 'Healthcare'
                | 'Real Estate'
                | 'Retail'
                | 'Services'
                | 'Technology'
                | 'Travel'
                | 'Other';
              logoUrl: string | null;
              /** @description How far the alignment clears the confidence test (many landmarks, across the recording, well ahead of other ads), 0 to 1; a match from 0.5 */
              confidence: number;
              /** @description Where in the ad's audio the recording starts, in seconds */
              offsetSeconds: number;
            }[];
          };
        };
      };
      /** @description No recording in the file field, one that does not decode, one longer than 60 seconds, or one with more samples than 60 seconds of stereo 48 kHz audio */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, malformed or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A request with the same Idempotency-Key is still being processed ('A request with this Idempotency-Key is still being processed. Try again in a moment.') */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The recording is over the audio file limit ('File size exceeds 10MB limit.') */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The file is not audio of an accepted format ('Invalid file type. Please select a audio file.') */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The Idempotency-Key was already used with a different request ('This Idempotency-Key was already used with a different request. Use a new key for a new request (keys are kept 24 hours).') */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description More than 120 requests in a minute with this key, more than 150 recordings in an hour, or this account's other audio still being processed (Retry-After) */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The audio workers are busy ('Too many audio files are being processed right now. Please try again in a few seconds.'; Retry-After) */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
}
