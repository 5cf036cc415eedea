/**
 * The zone a company's dates and hours are written in: its opening hours, the dashboard's and the
 * contacts' day filters, message variables ({{date}}, {{hour}}, {{greeting}}). The data holds no zone
 * per company yet, so one deployment has one (`ZELO_TIME_ZONE`).
 */
export const COMPANY_TIME_ZONE = process.env.ZELO_TIME_ZONE ?? 'America/Sao_Paulo';
