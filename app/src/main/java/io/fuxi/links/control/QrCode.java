package io.fuxi.links.control;

import com.google.zxing.BarcodeFormat;
import com.google.zxing.EncodeHintType;
import com.google.zxing.WriterException;
import com.google.zxing.common.BitMatrix;
import com.google.zxing.qrcode.QRCodeWriter;
import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;
import io.fuxi.platform.problem.InvalidFieldException;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import javax.imageio.ImageIO;

/** A QR code of a short URL (ZXing), drawn as PNG or SVG, square, with the standard quiet zone. */
public final class QrCode {

    public static final int MIN_SIZE = 64;
    public static final int MAX_SIZE = 2048;
    private static final int QUIET_ZONE = 4;

    private final BitMatrix modules;

    private QrCode(BitMatrix modules) {
        this.modules = modules;
    }

    public static QrCode of(String text, int size) {
        if (size < MIN_SIZE || size > MAX_SIZE) {
            throw new InvalidFieldException("size", "size must be from " + MIN_SIZE + " to " + MAX_SIZE + " pixels");
        }
        try {
            return new QrCode(new QRCodeWriter()
                    .encode(
                            text,
                            BarcodeFormat.QR_CODE,
                            size,
                            size,
                            Map.of(
                                    EncodeHintType.ERROR_CORRECTION,
                                    ErrorCorrectionLevel.M,
                                    EncodeHintType.MARGIN,
                                    QUIET_ZONE)));
        } catch (WriterException e) {
            throw new IllegalStateException("a short URL always fits a QR code", e);
        }
    }

    public byte[] png() {
        BufferedImage image =
                new BufferedImage(modules.getWidth(), modules.getHeight(), BufferedImage.TYPE_BYTE_BINARY);
        for (int y = 0; y < modules.getHeight(); y++) {
            for (int x = 0; x < modules.getWidth(); x++) {
                image.setRGB(x, y, modules.get(x, y) ? 0x000000 : 0xFFFFFF);
            }
        }
        try (ByteArrayOutputStream png = new ByteArrayOutputStream()) {
            ImageIO.write(image, "png", png);
            return png.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One path of unit squares per dark run, scaled by the viewBox: small, and crisp at any size. */
    public byte[] svg() {
        int width = modules.getWidth();
        int height = modules.getHeight();
        StringBuilder path = new StringBuilder();
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                if (modules.get(x, y)) {
                    int run = 1;
                    while (x + run < width && modules.get(x + run, y)) {
                        run++;
                    }
                    path.append('M')
                            .append(x)
                            .append(',')
                            .append(y)
                            .append('h')
                            .append(run)
                            .append("v1h-")
                            .append(run)
                            .append('z');
                    x += run - 1;
                }
            }
        }
        String svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + width + "\" height=\"" + height
                + "\" viewBox=\"0 0 " + width + " " + height + "\" shape-rendering=\"crispEdges\">"
                + "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/><path fill=\"#000\" d=\"" + path + "\"/></svg>";
        return svg.getBytes(StandardCharsets.UTF_8);
    }
}
