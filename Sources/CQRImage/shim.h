// libqrencode, libpng and libjpeg for bnc-sandbox's /v2/qr-code: the symbols of a QR code, then an RGB raster
// written as PNG (libpng's simplified API) or JPEG. libjpeg reports errors by longjmp, which Swift cannot take:
// the JPEG writer is this C wrapper, which turns a failure into a 0 size.
#ifndef BNC_CQRIMAGE_SHIM_H
#define BNC_CQRIMAGE_SHIM_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <qrencode.h>
#include <png.h>
#include <jpeglib.h>

/// An RGB raster (width * height * 3 bytes) as PNG in a malloc'ed buffer; its size, or 0 on failure.
static inline size_t bnc_png_rgb(const unsigned char *rgb, int width, int height, unsigned char **out) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = (png_uint_32)width;
    image.height = (png_uint_32)height;
    image.format = PNG_FORMAT_RGB;
    png_alloc_size_t size = 0;
    if (!png_image_write_to_memory(&image, NULL, &size, 0, rgb, 0, NULL)) return 0;
    unsigned char *buffer = malloc(size);
    if (!buffer) return 0;
    if (!png_image_write_to_memory(&image, buffer, &size, 0, rgb, 0, NULL)) { free(buffer); return 0; }
    *out = buffer;
    return size;
}

struct bnc_jpeg_state {
    struct jpeg_error_mgr errors;
    jmp_buf jump;
    unsigned char *buffer;
    unsigned long size;
};

static inline void bnc_jpeg_fail(j_common_ptr info) {
    longjmp(((struct bnc_jpeg_state *)info->err)->jump, 1);
}

/// An RGB raster as baseline JPEG (quality 1-100) in a malloc'ed buffer; its size, or 0 on failure.
static inline size_t bnc_jpeg_rgb(const unsigned char *rgb, int width, int height, int quality, unsigned char **out) {
    struct jpeg_compress_struct info;
    struct bnc_jpeg_state *state = calloc(1, sizeof *state);
    if (!state) return 0;
    info.err = jpeg_std_error(&state->errors);
    state->errors.error_exit = bnc_jpeg_fail;
    if (setjmp(state->jump)) {
        jpeg_destroy_compress(&info);
        free(state->buffer);
        free(state);
        return 0;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, &state->buffer, &state->size);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + (size_t)info.next_scanline * (size_t)width * 3);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    size_t size = state->size;
    *out = state->buffer;
    free(state);
    return size;
}

#endif
