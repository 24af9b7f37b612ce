/* device.c: the backend registry and device names. */
#include "device.h"

#include <stdio.h>

#include "error.h"

extern const cg_backend cg_cpu_backend;

static const cg_backend *backends[CG_DEVICE_TYPE_COUNT] = {[CG_CPU] = &cg_cpu_backend};

void cg_backend_register(cg_device_type type, const cg_backend *backend) { backends[type] = backend; }

const cg_backend *cg_backend_get(cg_device_type type) {
    if (type == CG_CUDA && !backends[CG_CUDA]) {
        cg_error_set(CG_RUNTIME_ERROR,
                     "Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU "
                     "and installed a driver from http://www.nvidia.com/Download/index.aspx");
        return NULL;
    }
    return backends[type];
}

const char *cg_device_str(cg_device d, char *buf, size_t n) {
    if (d.type == CG_CPU)
        snprintf(buf, n, "cpu");
    else
        snprintf(buf, n, "cuda:%d", d.index < 0 ? 0 : d.index);
    return buf;
}
